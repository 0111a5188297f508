import { describe, expect, it } from 'vitest';
import { FakeRoomSocket } from '../../testing/fakeRoomSocket';
import { icePolicyFromQuery, sfuIceSettings } from './icePolicy';

const TURN = { urls: ['turn:turn.example.com:3478?transport=udp'], username: '1:u', credential: 'c' };
const TURNS = { urls: ['turns:turn.example.com:5349?transport=tcp'], username: '1:u', credential: 'c' };

describe('the ICE policy', () => {
  it('is relay only for ?ice=relay, and everything otherwise', () => {
    expect(icePolicyFromQuery('relay')).toBe('relay');
    expect(icePolicyFromQuery(null)).toBe('all');
    expect(icePolicyFromQuery('RELAY ')).toBe('all');
  });

  it("gives the SFU tier the room's TURN servers, without STUN, under the policy", async () => {
    const socket = new FakeRoomSocket({
      'rtc-config': () => ({ iceServers: [{ urls: ['stun:stun.example.com:3478'] }, TURN, TURNS] }),
    });
    expect(await sfuIceSettings(socket, 'relay')).toEqual({ iceServers: [TURN, TURNS], iceTransportPolicy: 'relay' });
    expect(await sfuIceSettings(socket, 'all')).toEqual({ iceServers: [TURN, TURNS], iceTransportPolicy: 'all' });
  });

  it('goes on without TURN when rtc-config is refused', async () => {
    const socket = new FakeRoomSocket({});
    expect(await sfuIceSettings(socket, 'all')).toEqual({ iceServers: [], iceTransportPolicy: 'all' });
  });
});
