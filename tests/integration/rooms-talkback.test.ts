import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import {
  ask,
  CLIENT_DTLS,
  createRoomAs,
  OPUS_SPEECH_RTP,
  produceAs,
  roomSocketFactory,
} from '../support/room-sockets.js';
import { until } from '../support/until.js';

// Talkback over real sockets and a real mediasoup worker: who may talk, one mic per person, the
// host's mute, level and ducking, and that nobody can speak as someone else.
const box = useInProcessBox();
const sockets = roomSocketFactory(() => box.baseUrl);
let host: Awaited<ReturnType<typeof signUpUser>>;
let bob: Awaited<ReturnType<typeof signUpUser>>;
let carol: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  bob = await signUpUser(box, { name: 'Bob' });
  carol = await signUpUser(box, { name: 'Carol' });
});
afterEach(() => sockets.closeAll());

const { joined } = sockets;

let ssrc = 5000;
/** Sets up a talkback send transport and produces a mic on it; the produce's ack. */
async function talk(socket: Socket, roomId: string, extra: Record<string, unknown> = {}) {
  const send = await ask(socket, 'talkback:create-transport', { roomId, direction: 'send' });
  if (!send.ok) return send;
  await ask(socket, 'talkback:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
  return ask(socket, 'talkback:produce', {
    roomId,
    transportId: send.data.id,
    rtpParameters: OPUS_SPEECH_RTP((ssrc += 1)),
    ...extra,
  });
}

const stateOf = async (socket: Socket, roomId: string) => (await ask(socket, 'talkback:state', { roomId })).data;

describe('talkback', () => {
  it('a signed-in member talks as themselves, whatever the payload claims, and the room hears of it', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const b = await joined(roomId, bob.idToken);
    expect(await stateOf(h.socket, roomId)).toMatchObject({
      duckProgram: false,
      allowGuestTalkback: false,
      talkers: [],
    });
    // A forged identity in the payload: zod drops unknown fields, the server names the talker.
    const produced = await talk(b.socket, roomId, {
      appData: { source: 'talkback', userId: carol.user.uid, displayName: 'Carol' },
      userId: carol.user.uid,
    });
    expect(produced).toMatchObject({ ok: true, data: { producerId: expect.any(String) } });
    const talker = {
      peerId: b.peerId,
      firebase_uid: bob.user.uid,
      displayName: 'Bob',
      producerId: produced.data.producerId,
      mutedByHost: false,
      level: 1,
    };
    await until(() => h.heard.get('talkback-state')?.length === 1, { what: 'the host hears talkback-state' });
    expect(h.heard.get('talkback-state')![0]).toMatchObject({ talkers: [talker] });
    expect((await stateOf(h.socket, roomId)).talkers).toEqual([talker]);
    // The tiers' producer lists are the host's media only.
    expect((await ask(h.socket, 'sfu:producers', { roomId })).data).toEqual([]);
    // Anyone in the room can listen: a recv transport of their talkback, then the talker's voice.
    const recv = await ask(h.socket, 'talkback:create-transport', { roomId, direction: 'recv' });
    const caps = (await ask(h.socket, 'sfu:router-capabilities', { roomId })).data.rtpCapabilities;
    expect(
      await ask(h.socket, 'talkback:consume', {
        roomId,
        transportId: recv.data.id,
        producerId: produced.data.producerId,
        rtpCapabilities: caps,
      }),
    ).toMatchObject({ ok: true, data: { producerId: produced.data.producerId } });
    // A talkback mic is not consumable as tier media.
    const tierRecv = await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'recv' });
    expect(
      await ask(h.socket, 'sfu:consume', {
        roomId,
        transportId: tierRecv.data.id,
        producerId: produced.data.producerId,
        rtpCapabilities: caps,
      }),
    ).toMatchObject({ ok: false, code: 'sfu/producer-not-found' });
    // Leaving the SFU tier keeps talkback; stopping ends it.
    expect(await ask(b.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    expect((await stateOf(h.socket, roomId)).talkers).toHaveLength(1);
    expect(await ask(b.socket, 'talkback:stop', { roomId })).toEqual({ ok: true });
    await until(async () => (await stateOf(h.socket, roomId)).talkers.length === 0, { what: 'talker gone' });
  });

  it('one mic per person: a second one from the same tab or another tab is refused', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    await joined(roomId, host.idToken);
    const tab1 = await joined(roomId, bob.idToken);
    const tab2 = await joined(roomId, bob.idToken);
    expect((await talk(tab1.socket, roomId)).ok).toBe(true);
    expect(await talk(tab1.socket, roomId)).toMatchObject({ ok: false, code: 'talkback/already-talking' });
    expect(await talk(tab2.socket, roomId)).toMatchObject({ ok: false, code: 'talkback/already-talking' });
    expect((await stateOf(tab2.socket, roomId)).talkers).toHaveLength(1);
    // The first tab closes: the person's other tab may talk now.
    tab1.socket.close();
    await until(async () => (await stateOf(tab2.socket, roomId)).talkers.length === 0, { what: 'first mic gone' });
    expect((await talk(tab2.socket, roomId)).ok).toBe(true);
  });

  it('guests talk only while the host allows it; turned off, a talking guest stops', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const guest = await joined(roomId);
    expect(await talk(guest.socket, roomId)).toMatchObject({ ok: false, code: 'talkback/guests-not-allowed' });
    expect((await stateOf(h.socket, roomId)).talkers).toEqual([]);
    // Only the host may allow it.
    const b = await joined(roomId, bob.idToken);
    expect(await ask(b.socket, 'room:controls', { roomId, allowGuestTalkback: true })).toMatchObject({
      code: 'room/not-host',
    });
    expect(await ask(h.socket, 'room:controls', { roomId, allowGuestTalkback: true })).toMatchObject({
      ok: true,
      data: { allowGuestTalkback: true },
    });
    await until(() => guest.heard.get('room-controls')?.length === 1, { what: 'guest hears room-controls' });
    expect(await talk(guest.socket, roomId)).toMatchObject({ ok: true });
    expect((await stateOf(h.socket, roomId)).talkers).toMatchObject([
      { peerId: guest.peerId, firebase_uid: null, displayName: 'Guest User' },
    ]);
    expect(await ask(h.socket, 'room:controls', { roomId, allowGuestTalkback: false })).toMatchObject({ ok: true });
    await until(async () => (await stateOf(h.socket, roomId)).talkers.length === 0, { what: 'guest mic closed' });
    expect(await talk(guest.socket, roomId)).toMatchObject({ ok: false, code: 'talkback/guests-not-allowed' });
  });

  it("only the host mutes, sets levels and ducks; a mute holds across the talker's next mic", async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const b = await joined(roomId, bob.idToken);
    const c = await joined(roomId, carol.idToken);
    expect((await talk(b.socket, roomId)).ok).toBe(true);
    for (const [event, payload] of [
      ['talkback:mute', { roomId, peerId: b.peerId, muted: true }],
      ['talkback:level', { roomId, peerId: b.peerId, level: 0.1 }],
      ['talkback:ducking', { roomId, duckProgram: true }],
    ] as const) {
      expect(await ask(c.socket, event, payload)).toMatchObject({ ok: false, code: 'room/not-host' });
      expect(await ask(b.socket, event, payload)).toMatchObject({ ok: false, code: 'room/not-host' });
    }
    expect(await stateOf(c.socket, roomId)).toMatchObject({
      duckProgram: false,
      talkers: [{ mutedByHost: false, level: 1 }],
    });

    expect(await ask(h.socket, 'talkback:mute', { roomId, peerId: b.peerId, muted: true })).toEqual({ ok: true });
    await until(
      () => (b.heard.get('talkback-state') as any[] | undefined)?.some((s) => s.talkers[0]?.mutedByHost) ?? false,
      { what: 'the talker hears it was muted' },
    );
    expect(await ask(h.socket, 'talkback:level', { roomId, peerId: b.peerId, level: 0.4 })).toEqual({ ok: true });
    expect(await ask(h.socket, 'talkback:ducking', { roomId, duckProgram: true })).toEqual({ ok: true });
    expect(await stateOf(c.socket, roomId)).toMatchObject({
      duckProgram: true,
      talkers: [{ peerId: b.peerId, mutedByHost: true, level: 0.4 }],
    });
    // Stopping and talking again does not lift the host's mute.
    await ask(b.socket, 'talkback:stop', { roomId });
    expect((await talk(b.socket, roomId)).ok).toBe(true);
    expect((await stateOf(c.socket, roomId)).talkers).toMatchObject([{ mutedByHost: true, level: 0.4 }]);
    expect(await ask(h.socket, 'talkback:mute', { roomId, peerId: b.peerId, muted: false })).toEqual({ ok: true });
    expect((await stateOf(c.socket, roomId)).talkers).toMatchObject([{ mutedByHost: false }]);
    // Out of range or aimed at nobody: refused.
    expect(await ask(h.socket, 'talkback:level', { roomId, peerId: b.peerId, level: 3 })).toMatchObject({
      code: 'validation/invalid-payload',
    });
    expect(await ask(h.socket, 'talkback:mute', { roomId, peerId: c.peerId, muted: true })).toMatchObject({
      code: 'talkback/not-talking',
    });
    expect(await ask(h.socket, 'talkback:mute', { roomId, peerId: 'nobody', muted: true })).toMatchObject({
      code: 'room/not-joined',
    });
  });

  it('refuses strangers and bad payloads', async () => {
    const roomId = await createRoomAs(box, host.idToken);
    const h = await joined(roomId, host.idToken);
    const stranger = await sockets.connect(carol.idToken);
    expect(await talk(stranger, roomId)).toMatchObject({ ok: false, code: 'room/not-joined' });
    expect(await ask(stranger, 'talkback:state', { roomId })).toMatchObject({ ok: false, code: 'room/not-joined' });
    expect(await ask(h.socket, 'talkback:create-transport', { roomId, direction: 'sideways' })).toMatchObject({
      code: 'validation/invalid-payload',
    });
    // The host's own program audio still goes through the tier's signalling, unchanged.
    const send = await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'send' });
    await ask(h.socket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS });
    expect((await produceAs(h.socket, roomId, send.data.id, 'program-audio')).ok).toBe(true);
    expect((await ask(h.socket, 'sfu:producers', { roomId })).data).toMatchObject([{ source: 'program-audio' }]);
  });
});
