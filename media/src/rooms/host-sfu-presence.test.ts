import { describe, expect, it } from 'vitest';
import { nextHostSfuPresence, type HostSfuEvent, type HostSfuPresence } from './host-sfu-presence.js';
import { MemoryRoomState } from './state/memory-room-state.js';

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

  it('turns guests away from the SFU only while the host is off it, and announces its return once', async () => {
    const state = new MemoryRoomState();
    expect(await state.hostSfu('r')).toBe('on');
    expect(await state.hostSfuChanged('r', 'closed-transports')).toBe(false);
    expect(await state.hostSfu('r')).toBe('off');
    expect(await state.hostSfuChanged('r', 'created-send-transport')).toBe(false);
    expect(await state.hostSfu('r')).toBe('returning');
    expect(await state.hostSfuChanged('r', 'produced')).toBe(true);
    expect(await state.hostSfuChanged('r', 'produced')).toBe(false);
  });
});
