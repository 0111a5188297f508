import { describe, expect, it } from 'vitest';
import { LiveRoom, nextHostSfuPresence, type HostSfuEvent, type HostSfuPresence } from './live-room.js';

describe('the host-presence rule (where the host stands with the SFU)', () => {
  const table: Array<[HostSfuPresence, HostSfuEvent, HostSfuPresence, boolean]> = [
    // state, what the host did, next state, guests hear sfu:host-returned
    ['on', 'closed-transports', 'off', false],
    ['off', 'closed-transports', 'off', false],
    ['returning', 'closed-transports', 'off', false],
    ['on', 'created-send-transport', 'on', false],
    ['off', 'created-send-transport', 'returning', false],
    ['returning', 'created-send-transport', 'returning', false],
    ['on', 'left-room', 'on', false],
    ['off', 'left-room', 'returning', false],
    ['returning', 'left-room', 'returning', false],
    ['on', 'produced', 'on', false],
    ['off', 'produced', 'on', true],
    ['returning', 'produced', 'on', true],
  ];
  it.each(table)('%s, then %s: %s (announce %s)', (state, event, next, announceReturn) => {
    expect(nextHostSfuPresence(state, event)).toEqual({ state: next, announceReturn });
  });

  it('turns guests away from the SFU only while the host is off it, and announces its return once', () => {
    const room = new LiveRoom('r', 'host-uid', {
      isPublic: true,
      maxParticipants: 2,
      allowGuestAccess: true,
      tier: 'auto',
    });
    expect(room.hostOffSfu).toBe(false);
    expect(room.hostSfuChanged('closed-transports')).toBe(false);
    expect(room.hostOffSfu).toBe(true);
    expect(room.hostSfuChanged('created-send-transport')).toBe(false);
    expect(room.hostOffSfu).toBe(false);
    expect(room.hostSfuChanged('produced')).toBe(true);
    expect(room.hostSfuChanged('produced')).toBe(false);
  });
});
