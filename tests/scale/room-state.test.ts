import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_MAX_PER_SECOND, ROOM_LOCKED_MESSAGE } from '@riffroom/protocol';
import { CHAT_MAX_PER_10S } from '../../media/src/rooms/room-rates.js';
import { signUpUser } from '../../server/src/testing/test-api.js';
import { ask, createRoomAs, recorder, roomSocketFactory } from '../support/room-sockets.js';
import { startScaleCluster, type ScaleCluster } from '../support/scale-cluster.js';
import { until } from '../support/until.js';

// A room's live state over two media nodes sharing a real Redis (ARCHITECTURE.md "Scaling out"):
// what a person on node B is told must be what the room holds, whichever node wrote it.
let cluster: ScaleCluster;
const [A, B] = [0, 1];
const openers = [A, B].map((node) => roomSocketFactory(() => cluster.nodes[node]!.baseUrl));

beforeAll(async () => {
  cluster = await startScaleCluster({
    nodes: 2,
    postgres: true,
    // Short, so the seats of the node killed in the last test stop counting soon.
    node: () => ({ RECORDINGS_MIN_FREE_MB: '0', ROOM_SEAT_TTL_MS: '3000' }),
  });
}, 180_000);

afterEach(() => openers.forEach((opener) => opener.closeAll()));

afterAll(() => cluster?.stop(), 60_000);

async function joinOn(node: number, roomId: string, token?: string, guestToken?: string) {
  const socket = await openers[node]!.connect(token, guestToken ? { auth: { guest: guestToken } } : undefined);
  const heard = recorder(socket);
  return { socket, heard, ack: await ask(socket, 'join-room', { roomId }) };
}

async function hostedRoom(name: string, settings: Record<string, unknown> = {}) {
  const host = await signUpUser(cluster, { name });
  const roomId = await createRoomAs(cluster, host.idToken, { settings });
  const onA = await joinOn(A, roomId, host.idToken);
  expect(onA.ack).toMatchObject({ ok: true });
  return { host, roomId, onA };
}

describe("a room's live state, shared by every node", () => {
  it('a room for 3 admits 3 people spread over two nodes and refuses the next on either node', async () => {
    const { roomId } = await hostedRoom('Cap Host', { maxParticipants: 3 });
    const carol = await signUpUser(cluster, { name: 'Carol Twice' });
    const admitted = [
      await joinOn(A, roomId),
      await joinOn(B, roomId),
      await joinOn(B, roomId, carol.idToken),
      // The same person on the other node counts once.
      await joinOn(A, roomId, carol.idToken),
    ];
    for (const { ack } of admitted) expect(ack).toMatchObject({ ok: true });
    const full = { ok: false, code: 'room/full', message: 'This room is full (3 participants at most).' };
    expect((await joinOn(A, roomId)).ack).toEqual(full);
    expect((await joinOn(B, roomId)).ack).toEqual(full);
    // A place frees when someone leaves, on whichever node they were.
    admitted[1]!.socket.close();
    await until(async () => (await joinOn(A, roomId)).ack.ok, {
      intervalMs: 250,
      what: 'a place freed by a leave on B',
    });
  });

  it('two joins racing on A and B for the last place: exactly one gets it', async () => {
    const { roomId } = await hostedRoom('Race Host', { maxParticipants: 1 });
    const racers = await Promise.all([joinOn(A, roomId), joinOn(B, roomId), joinOn(A, roomId), joinOn(B, roomId)]);
    expect(racers.map(({ ack }) => (ack.ok ? 'in' : ack.code)).sort()).toEqual([
      'in',
      'room/full',
      'room/full',
      'room/full',
    ]);
  });

  it('a joiner on B receives the chat written on A, and get-peers on B lists the host on A', async () => {
    const { roomId, onA } = await hostedRoom('Chat Host');
    const written = { roomId, message: 'written on A', id: 'hostMessage0001' };
    expect(await ask(onA.socket, 'chat', written)).toMatchObject({ ok: true });
    expect(await ask(onA.socket, 'peer-ready', { roomId, peerId: 'host-peer-on-a' })).toEqual({ ok: true });
    const onB = await joinOn(B, roomId);
    // The id names the host's message on every node: a guest on B cannot send another under it.
    expect(await ask(onB.socket, 'chat', { ...written, message: 'forged on B' })).toMatchObject({
      ok: false,
      code: 'chat/id-taken',
    });
    expect(onB.ack.data.chat.map((m: { message: string }) => m.message)).toEqual(['written on A']);
    expect(onB.ack.data.peers.map((p: { role: string }) => p.role)).toEqual(['host']);
    expect(await ask(onB.socket, 'get-peers', { roomId })).toEqual({ ok: true, data: ['host-peer-on-a'] });
  });

  it('a lock set by the host on A refuses a new join on B; someone who was in comes back on B', async () => {
    const { roomId, onA } = await hostedRoom('Lock Host');
    const before = await joinOn(A, roomId);
    expect(before.ack).toMatchObject({ ok: true });
    expect(await ask(onA.socket, 'room:controls', { roomId, locked: true })).toMatchObject({ ok: true });
    expect((await joinOn(B, roomId)).ack).toEqual({ ok: false, code: 'room/locked', message: ROOM_LOCKED_MESSAGE });
    before.socket.close();
    expect((await joinOn(B, roomId, undefined, before.ack.data.guestToken)).ack).toMatchObject({ ok: true });
    const joinedB = await joinOn(B, roomId, undefined, before.ack.data.guestToken);
    expect(joinedB.ack.data.controls).toMatchObject({ locked: true });
  });

  it('a joiner on B while the host records on A is told the recording runs, and not once it stopped', async () => {
    const { roomId, onA } = await hostedRoom('Rec Host');
    const started = await ask(onA.socket, 'recording:start', { roomId });
    expect(started).toMatchObject({ ok: true, data: { recordingId: expect.any(String) } });
    expect((await joinOn(B, roomId)).ack.data.recording).toEqual(started.data);
    expect(await ask(onA.socket, 'recording:stop', { roomId })).toEqual({ ok: true });
    await until(async () => (await joinOn(B, roomId)).ack.data.recording === null, {
      what: 'a joiner on B told the recording stopped',
    });
  });

  it('a host off the SFU on A turns guests on B away from it, until it produces again', async () => {
    const { roomId, onA } = await hostedRoom('Tier Host');
    const onB = await joinOn(B, roomId);
    expect(await ask(onB.socket, 'sfu:router-capabilities', { roomId })).toMatchObject({ ok: true });
    expect(await ask(onA.socket, 'sfu:close-transports', { roomId })).toEqual({ ok: true });
    expect(await ask(onB.socket, 'sfu:router-capabilities', { roomId })).toMatchObject({
      ok: false,
      code: 'sfu/host-off-sfu',
    });
  });

  it('guest talkback allowed by the host on A lets a guest already on B talk', async () => {
    const { roomId, onA } = await hostedRoom('Talk Host');
    const onB = await joinOn(B, roomId);
    const talk = () => ask(onB.socket, 'talkback:create-transport', { roomId, direction: 'send' });
    expect(await talk()).toMatchObject({ ok: false, code: 'talkback/guests-not-allowed' });
    expect(await ask(onA.socket, 'room:controls', { roomId, allowGuestTalkback: true })).toMatchObject({ ok: true });
    expect(await talk()).toMatchObject({ ok: true });
  });

  it('chat and cursor limits hold over both nodes: one person on A and B, one host with tabs on A and B', async () => {
    const { host, roomId, onA: hostOnA } = await hostedRoom('Rate Host');
    const guestOnA = await joinOn(A, roomId);
    const guestOnB = await joinOn(B, roomId, undefined, guestOnA.ack.data.guestToken);
    expect(guestOnB.ack).toMatchObject({ ok: true });
    // Alternating nodes, 15 each: the person's 20 per 10 s are shared, wherever they send from.
    const chats = [];
    for (let i = 0; i < 15; i += 1) {
      for (const { socket } of [guestOnA, guestOnB])
        chats.push(await ask(socket, 'chat', { roomId, message: `m${i}` }));
    }
    expect(chats.filter(({ ok }) => ok)).toHaveLength(CHAT_MAX_PER_10S);
    expect(chats.filter(({ ok }) => !ok).every(({ code }) => code === 'room/rate-limited')).toBe(true);
    // Someone else still chats.
    expect(await ask((await joinOn(B, roomId)).socket, 'chat', { roomId, message: 'hi' })).toMatchObject({ ok: true });

    // The host's cursor: 30 a second for the room, from either tab.
    const hostOnB = await joinOn(B, roomId, host.idToken);
    const moves = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        [hostOnA, hostOnB].map(({ socket }) => ask(socket, 'cursor-move', { roomId, x: i / 25, y: 0.5 })),
      ).flat(),
    );
    expect(moves.filter(({ ok }) => ok)).toHaveLength(CURSOR_MAX_PER_SECOND);
  });

  // Last: it kills node B.
  it('a node that dies: its people stop counting and its recording stops being announced within ROOM_SEAT_TTL_MS', async () => {
    const host = await signUpUser(cluster, { name: 'Crash Host' });
    const roomId = await createRoomAs(cluster, host.idToken, { settings: { maxParticipants: 1 } });
    const hostOnB = await joinOn(B, roomId, host.idToken);
    expect((await joinOn(B, roomId)).ack).toMatchObject({ ok: true });
    expect(await ask(hostOnB.socket, 'recording:start', { roomId })).toMatchObject({ ok: true });
    expect((await joinOn(A, roomId)).ack).toMatchObject({ ok: false, code: 'room/full' });
    await cluster.nodes[B]!.kill();
    const killed = Date.now();
    const joined = await until(
      async () => {
        const { ack, socket } = await joinOn(A, roomId);
        if (ack.ok && ack.data.recording === null) return ack;
        socket.close(); // Each try is a new connection: keep within the per-address limits.
        return null;
      },
      { timeoutMs: 10_000, intervalMs: 250, what: 'the place freed and the recording no longer announced' },
    );
    expect(joined.data.hostOnline).toBe(false);
    expect(Date.now() - killed).toBeLessThan(6000);
  });
});
