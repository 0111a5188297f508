import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { startBox, type Box } from '../support/box.js';
import { ask, createRoomAs, roomSocketFactory } from '../support/room-sockets.js';

// Issue 14 item 14: TURN relays cost the studio bandwidth, so their credentials go only to sockets
// in a room. The real box, with TURN configured the way a studio would (coturn's shared secret).
let box: Box;
const sockets = roomSocketFactory(() => box.baseUrl);

beforeAll(async () => {
  box = await startBox({
    STUN_URLS: 'stun:127.0.0.1:3478',
    TURN_URLS: 'turn:127.0.0.1:3478?transport=udp,turn:127.0.0.1:3478?transport=tcp',
    TURN_SECRET: 'studio-turn-secret',
  });
});
afterEach(() => sockets.closeAll());
afterAll(async () => {
  await box?.stop();
});

const STUN_ONLY = { ok: true, data: { iceServers: [{ urls: ['stun:127.0.0.1:3478'] }] } };

describe('TURN credentials (item 14)', () => {
  it('answers rtc-config with STUN alone before join-room and after leave-room, and with TURN in between', async () => {
    const api = { baseUrl: box.baseUrl, call: jsonCaller(box.baseUrl) };
    const host = await signUpUser(api);
    const roomId = await createRoomAs(api, host.idToken);
    const guest = await sockets.connect();

    expect(await ask(guest, 'rtc-config', {})).toEqual(STUN_ONLY);

    expect(await ask(guest, 'join-room', { roomId })).toMatchObject({ ok: true });
    const inRoom = await ask(guest, 'rtc-config', {});
    expect(inRoom.data.iceServers).toEqual([
      { urls: ['stun:127.0.0.1:3478'] },
      {
        urls: ['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp'],
        username: expect.stringMatching(/^\d+:guest-/),
        credential: expect.any(String),
      },
    ]);

    expect(await ask(guest, 'leave-room', { roomId })).toEqual({ ok: true });
    expect(await ask(guest, 'rtc-config', {})).toEqual(STUN_ONLY);
  });
});
