import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { useInProcessBox } from '../support/in-process-box.js';
import {
  CLIENT_DTLS,
  recorder,
  roomSocketFactory,
  VP8_SCREEN_RTP,
  ask,
  createRoomAs,
  produceAs,
} from '../support/room-sockets.js';
import { until } from '../support/until.js';

const box = useInProcessBox();
let host: Awaited<ReturnType<typeof signUpUser>>;
let member: Awaited<ReturnType<typeof signUpUser>>;
const sockets = roomSocketFactory(() => box.baseUrl);

beforeAll(async () => {
  host = await signUpUser(box, { name: 'Hana Host' });
  member = await signUpUser(box, { name: 'Mo Member' });
});
afterEach(() => sockets.closeAll());

const createRoom = (settings: Record<string, unknown> = {}) => createRoomAs(box, host.idToken, { settings });

async function joined(roomId: string, token?: string) {
  const socket = await sockets.connect(token);
  const heard = recorder(socket);
  const ack = await ask(socket, 'join-room', { roomId, userId: 'ignored', isHost: true });
  expect(ack).toMatchObject({ ok: true });
  return { socket, heard, join: ack.data };
}

describe('room sockets', () => {
  it('joins the host as host and an anonymous guest as a viewer, whatever isHost says', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    expect(h.join.self).toMatchObject({ firebase_uid: host.user.uid, user_name: 'Hana Host', role: 'host' });
    expect(h.join).toMatchObject({ hostOnline: true, sharing: false, peers: [] });
    expect(h.join.room).toMatchObject({ roomId, name: 'Session', host: { firebase_uid: host.user.uid } });

    const g = await joined(roomId);
    expect(g.join.self).toMatchObject({ firebase_uid: null, user_name: 'Guest User', role: 'viewer' });
    expect(g.join.peers).toEqual([h.join.self]);
    await until(() => h.heard.get('participant-joined')?.length === 1, { what: 'host hears participant-joined' });
    expect(h.heard.get('peer-joined')).toEqual([
      { peerId: g.join.self.peerId, firebase_uid: null, user_name: 'Guest User', role: 'viewer' },
    ]);
    await until(() => (h.heard.get('room-update') ?? []).length >= 2, { what: 'room-update' });
    expect(h.heard.get('room-update')!.at(-1)).toEqual({ participantCount: 1, hostOnline: true });
  });

  it('refuses media, cursor and stop-sharing from a guest, and changes nothing', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId, member.idToken);
    expect(await ask(g.socket, 'sfu:create-transport', { roomId, direction: 'send' })).toMatchObject({
      ok: false,
      code: 'room/not-host',
    });
    const recv = await ask(g.socket, 'sfu:create-transport', { roomId, direction: 'recv' });
    expect(recv.ok).toBe(true);
    // Even on a transport of its own, and even claiming isHost, a guest cannot produce.
    const produce = await ask(g.socket, 'sfu:produce', {
      roomId,
      transportId: recv.data.id,
      kind: 'video',
      rtpParameters: VP8_SCREEN_RTP,
      source: 'screen',
      isHost: true,
    });
    expect(produce).toMatchObject({ ok: false, code: 'room/not-host' });
    expect((await ask(g.socket, 'sfu:producers', { roomId })).data).toEqual([]);
    expect(await ask(g.socket, 'cursor-move', { roomId, x: 0.5, y: 0.5 })).toMatchObject({ code: 'room/not-host' });
    expect(await ask(g.socket, 'stop-sharing', { roomId })).toMatchObject({ code: 'room/not-host' });
    expect(h.heard.get('cursor-move')).toBeUndefined();
    expect(h.heard.get('stop-sharing')).toBeUndefined();

    // The host's cursor does reach the guest.
    expect(await ask(h.socket, 'cursor-move', { roomId, x: 0.25, y: 0.75 })).toEqual({ ok: true });
    await until(() => g.heard.get('cursor-move')?.length === 1, { what: 'guest sees the cursor' });
    expect(g.heard.get('cursor-move')).toEqual([{ x: 0.25, y: 0.75 }]);
  });

  it('does not let a guest end the room', async () => {
    const roomId = await createRoom();
    const g = await joined(roomId, member.idToken);
    const res = await box.call('POST', `/api/rooms/${roomId}/end`, { token: member.idToken });
    expect(res.status).toBe(403);
    expect((await box.call('GET', `/api/rooms/${roomId}`)).status).toBe(200);
    expect(await ask(g.socket, 'chat', { roomId, message: 'still here' })).toMatchObject({ ok: true });
    expect(g.heard.get('room-ended')).toBeUndefined();
  });

  it('sets the chat author and time on the server, trimming the text', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    const before = Date.now();
    const ack = await ask(g.socket, 'chat', {
      roomId,
      message: '  nice mix  ',
      from: host.user.uid,
      fromName: 'Hana Host',
      timestamp: '2000-01-01T00:00:00.000Z',
    });
    expect(ack.ok).toBe(true);
    await until(() => h.heard.get('chat')?.length === 1, { what: 'host hears the chat' });
    const [message] = h.heard.get('chat') as { from: string; fromName: string; message: string; timestamp: string }[];
    expect(message).toMatchObject({ fromName: 'Guest User', message: 'nice mix' });
    expect(message!.from).toMatch(/^guest-/);
    expect(Date.parse(message!.timestamp)).toBeGreaterThanOrEqual(before - 1000);
    await until(() => g.heard.get('chat')?.length === 1, { what: 'sender hears its own message' });
  });

  it('answers an invalid payload with an error ack and changes nothing', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    for (const [event, payload] of [
      ['chat', { roomId, message: '   ' }],
      ['chat', { roomId, message: 'x'.repeat(1001) }],
      ['cursor-move', { roomId, x: 2, y: 0 }],
      ['join-room', {}],
      ['join-room', { roomId: '../etc' }],
      ['sfu:create-transport', { roomId, direction: 'sideways' }],
      ['sfu:connect-transport', { roomId, transportId: 'x', dtlsParameters: { fingerprints: [] } }],
    ] as const) {
      const socket = event === 'cursor-move' ? h.socket : g.socket;
      expect(await ask(socket, event, payload)).toMatchObject({ ok: false, code: 'validation/invalid-payload' });
    }
    // Nothing was sent or changed: a valid message afterwards is the first chat either side sees.
    await ask(g.socket, 'chat', { roomId, message: 'valid' });
    await until(() => h.heard.get('chat')?.length === 1, { what: 'valid chat delivered' });
    expect((h.heard.get('chat') as { message: string }[]).map((m) => m.message)).toEqual(['valid']);
    expect(g.heard.get('cursor-move')).toBeUndefined();
    expect((await ask(g.socket, 'join-room', { roomId })).data.self.peerId).toBe(g.join.self.peerId);
  });

  it('refuses events for a room the socket has not joined', async () => {
    const roomId = await createRoom();
    const other = await createRoom();
    const g = await joined(roomId);
    expect(await ask(g.socket, 'chat', { roomId: other, message: 'hi' })).toMatchObject({ code: 'room/not-joined' });
    expect(await ask(g.socket, 'sfu:router-capabilities', { roomId: other })).toMatchObject({
      code: 'room/not-joined',
    });
  });

  it('refuses anonymous sockets when guest access is off, but lets signed-in users in', async () => {
    const roomId = await createRoom({ allowGuestAccess: false });
    const anonymous = await sockets.connect();
    expect(await ask(anonymous, 'join-room', { roomId })).toMatchObject({
      ok: false,
      code: 'room/guests-not-allowed',
    });
    expect(await ask(anonymous, 'chat', { roomId, message: 'hi' })).toMatchObject({ code: 'room/not-joined' });
    await joined(roomId, member.idToken);
  });

  it('refuses a join beyond capacity, and unknown rooms', async () => {
    const roomId = await createRoom({ maxParticipants: 1 });
    await joined(roomId, host.idToken);
    await joined(roomId);
    const late = await sockets.connect();
    expect(await ask(late, 'join-room', { roomId })).toMatchObject({ ok: false, code: 'room/full' });
    expect(await ask(late, 'join-room', { roomId: 'nope123' })).toMatchObject({ ok: false, code: 'room/not-found' });
  });

  it('tells guests when the host leaves (host-left), and a dropped host socket only as hostOnline false', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    h.socket.close();
    await until(() => g.heard.get('user-left')?.length === 1, { what: 'guest hears the host socket go' });
    expect(g.heard.get('user-left')).toEqual([{ peerId: h.join.self.peerId }]);
    expect(g.heard.get('room-update')!.at(-1)).toEqual({ participantCount: 1, hostOnline: false });
    expect(g.heard.get('host-left')).toBeUndefined();

    const back = await joined(roomId, host.idToken);
    await until(() => (g.heard.get('room-update')!.at(-1) as { hostOnline?: boolean }).hostOnline === true, {
      what: 'host back online',
    });
    expect(await ask(back.socket, 'leave-room', { roomId })).toMatchObject({ ok: true });
    await until(() => g.heard.get('host-left')?.length === 1, { what: 'guest hears host-left' });
  });

  it("echoes the sender's message id with the chat (peer-to-peer copies are shown once), and refuses a bad one", async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    const ack = await ask(g.socket, 'chat', {
      roomId,
      message: 'direct too',
      id: 'b3f1c2d4-0000-4000-8000-000000000001',
    });
    expect(ack).toMatchObject({
      ok: true,
      data: { message: 'direct too', id: 'b3f1c2d4-0000-4000-8000-000000000001' },
    });
    await until(() => h.heard.get('chat')?.length === 1, { what: 'host hears the chat' });
    expect(h.heard.get('chat')![0]).toMatchObject({ id: 'b3f1c2d4-0000-4000-8000-000000000001' });
    expect(await ask(g.socket, 'chat', { roomId, message: 'x', id: 'not an id!' })).toMatchObject({
      ok: false,
      code: expect.stringMatching(/^validation\//),
    });
  });

  it("tells the room's sockets when the host changes the tier setting", async () => {
    const roomId = await createRoom({ tier: 'p2p' });
    const g = await joined(roomId);
    expect(g.join.room.settings.tier).toBe('p2p');
    const res = await box.call('PATCH', `/api/rooms/${roomId}/settings`, {
      token: host.idToken,
      body: { tier: 'relay' },
    });
    expect(res.status).toBe(200);
    await until(() => g.heard.get('room-settings')?.length === 1, { what: 'guest hears the new tier' });
    expect(g.heard.get('room-settings')).toEqual([{ tier: 'relay' }]);
  });

  it('ends the room for everyone when the host ends it', async () => {
    const roomId = await createRoom();
    await joined(roomId, host.idToken);
    const g = await joined(roomId);
    let disconnected = false;
    g.socket.on('disconnect', () => (disconnected = true));
    expect((await box.call('POST', `/api/rooms/${roomId}/end`, { token: host.idToken })).status).toBe(200);
    await until(() => g.heard.get('room-ended')?.length === 1 && disconnected, { what: 'guest sees the end' });
    expect(g.heard.get('room-ended')).toEqual([{ roomId }]);
    expect((await box.call('GET', `/api/rooms/${roomId}`)).status).toBe(404);
    const late = await sockets.connect();
    expect(await ask(late, 'join-room', { roomId })).toMatchObject({ code: 'room/not-found' });
  });

  it('signals a host producer to guests, who can consume it in stereo; a dead worker makes everyone reconnect', async () => {
    const roomId = await createRoom();
    const h = await joined(roomId, host.idToken);
    const g = await joined(roomId);
    const caps = await ask(h.socket, 'sfu:router-capabilities', { roomId });
    const mimeTypes = caps.data.rtpCapabilities.codecs.map((c: { mimeType: string }) => c.mimeType.toLowerCase());
    expect(mimeTypes).toEqual(expect.arrayContaining(['audio/opus', 'video/vp8', 'video/vp9', 'video/h264']));

    const send = await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'send' });
    expect(send.data).toMatchObject({ id: expect.any(String), iceCandidates: expect.any(Array) });
    expect(send.data.iceCandidates.map((c: { protocol: string }) => c.protocol).sort()).toEqual(['tcp', 'udp']);
    expect(
      await ask(h.socket, 'sfu:connect-transport', { roomId, transportId: send.data.id, dtlsParameters: CLIENT_DTLS }),
    ).toEqual({ ok: true });
    const video = await produceAs(h.socket, roomId, send.data.id, 'screen');
    const audio = await produceAs(h.socket, roomId, send.data.id, 'program-audio');
    expect(video.ok && audio.ok).toBe(true);
    await until(() => g.heard.get('sfu:new-producer')?.length === 2, { what: 'guest hears both producers' });
    expect(g.heard.get('sfu:new-producer')).toEqual([
      { producerId: video.data.producerId, kind: 'video', source: 'screen' },
      { producerId: audio.data.producerId, kind: 'audio', source: 'program-audio' },
    ]);

    const recv = await ask(g.socket, 'sfu:create-transport', { roomId, direction: 'recv' });
    const consumeAudio = await ask(g.socket, 'sfu:consume', {
      roomId,
      transportId: recv.data.id,
      producerId: audio.data.producerId,
      rtpCapabilities: caps.data.rtpCapabilities,
    });
    expect(consumeAudio.data).toMatchObject({
      kind: 'audio',
      source: 'program-audio',
      producerId: audio.data.producerId,
    });
    expect(consumeAudio.data.rtpParameters.codecs[0]).toMatchObject({ mimeType: 'audio/opus', channels: 2 });
    const consumeVideo = await ask(g.socket, 'sfu:consume', {
      roomId,
      transportId: recv.data.id,
      producerId: video.data.producerId,
      rtpCapabilities: caps.data.rtpCapabilities,
    });
    expect(consumeVideo.data).toMatchObject({ kind: 'video', source: 'screen' });
    expect(await ask(g.socket, 'sfu:resume-consumer', { roomId, consumerId: consumeVideo.data.id })).toEqual({
      ok: true,
    });
    // Consuming needs a recv transport of one's own.
    expect(
      await ask(g.socket, 'sfu:consume', {
        roomId,
        transportId: send.data.id,
        producerId: video.data.producerId,
        rtpCapabilities: caps.data.rtpCapabilities,
      }),
    ).toMatchObject({ ok: false, code: 'sfu/transport-not-found' });
    expect((await ask(g.socket, 'join-room', { roomId })).data.sharing).toBe(true);

    // Kill the room's worker: both sides are told to reconnect, and the rebuilt room takes media again.
    process.kill(box.workerPids()[0]!, 'SIGKILL');
    await until(() => h.heard.get('sfu:reconnect')?.length === 1 && g.heard.get('sfu:reconnect')?.length === 1, {
      what: 'sfu:reconnect on both sides',
    });
    expect(g.heard.get('sfu:reconnect')).toEqual([{ reason: 'worker-died' }]);
    expect((await ask(g.socket, 'sfu:producers', { roomId })).data).toEqual([]);
    const again = await ask(h.socket, 'sfu:create-transport', { roomId, direction: 'send' });
    expect(again.ok).toBe(true);
    const reproduced = await produceAs(h.socket, roomId, again.data.id, 'screen');
    expect(reproduced.ok).toBe(true);
    const recvAgain = await ask(g.socket, 'sfu:create-transport', { roomId, direction: 'recv' });
    const consumeAgain = await ask(g.socket, 'sfu:consume', {
      roomId,
      transportId: recvAgain.data.id,
      producerId: reproduced.data.producerId,
      rtpCapabilities: caps.data.rtpCapabilities,
    });
    expect(consumeAgain).toMatchObject({ ok: true, data: { kind: 'video', source: 'screen' } });
  });
});
