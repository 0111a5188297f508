import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '@riffroom/protocol';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';
import { roomsRepository } from '../repositories/rooms.js';

let api: TestApi;
type User = Awaited<ReturnType<typeof signUpUser>>;
let host: User;
let bob: User;
let carol: User;
const published: BusEvent[] = [];

beforeAll(async () => {
  api = await startTestApi();
  api.api.bus.subscribe((event) => published.push(event));
  host = await signUpUser(api, { name: 'Hana Host' });
  bob = await signUpUser(api, { name: 'Bob' });
  carol = await signUpUser(api, { name: 'Carol' });
});
afterAll(async () => {
  await api.close();
});

async function createRoom(body: unknown = { name: 'Late mix', baseUrl: 'http://localhost:8080' }, who = host) {
  const res = await api.call('POST', '/api/rooms/create', { token: who.idToken, body });
  expect(res.status).toBe(201);
  return res.body.room as { roomId: string; name: string; settings: Record<string, unknown> };
}
const join = (roomId: string, who: User, role = 'participant') =>
  api.call('POST', `/api/rooms/${roomId}/join`, { token: who.idToken, body: { role } });
const getRoom = (roomId: string) => api.call('GET', `/api/rooms/${roomId}`);

describe('rooms API', () => {
  it.each([
    ['POST', '/api/rooms/create'],
    ['PATCH', '/api/rooms/abc1234/peer'],
    ['PATCH', '/api/rooms/abc1234/settings'],
    ['POST', '/api/rooms/abc1234/join'],
    ['POST', '/api/rooms/abc1234/leave'],
    ['POST', '/api/rooms/abc1234/end'],
    ['GET', '/api/rooms/live/mine'],
  ])('%s %s requires a token', async (method, route) => {
    expect((await api.call(method, route, method === 'GET' ? {} : { body: {} })).status).toBe(401);
  });

  it('creates a room with a random 7-character id and the spec defaults', async () => {
    const room = await createRoom();
    expect(room.roomId).toMatch(/^[a-z0-9]{7}$/);
    expect(room).toEqual({
      roomId: room.roomId,
      name: 'Late mix',
      settings: { isPublic: true, maxParticipants: 10, allowGuestAccess: true, tier: 'auto' },
    });
    const other = await createRoom();
    expect(other.roomId).not.toBe(room.roomId);
  });

  it('keeps the settings the host chose', async () => {
    const room = await createRoom({
      name: 'Private',
      settings: { isPublic: false, maxParticipants: 2, allowGuestAccess: false },
    });
    expect(room.settings).toEqual({ isPublic: false, maxParticipants: 2, allowGuestAccess: false, tier: 'auto' });
  });

  it.each([
    [{}],
    [{ name: '   ' }],
    [{ name: 'x', settings: { maxParticipants: 0 } }],
    [{ name: 'x', settings: { isPublic: 'yes' } }],
  ])('refuses %j with 400 and creates nothing', async (body) => {
    const res = await api.call('POST', '/api/rooms/create', { token: host.idToken, body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation/invalid-body');
  });

  it('shows a room without auth, with its host and participants', async () => {
    const room = await createRoom();
    expect((await join(room.roomId, bob, 'viewer')).status).toBe(200);
    const res = await getRoom(room.roomId);
    expect(res.status).toBe(200);
    expect(res.body.room).toMatchObject({
      roomId: room.roomId,
      name: 'Late mix',
      settings: { isPublic: true, maxParticipants: 10, allowGuestAccess: true },
      host: { firebase_uid: host.user.uid, user_name: 'Hana Host' },
      participants: [{ firebase_uid: bob.user.uid, user_name: 'Bob', role: 'viewer' }],
    });
  });

  it('answers 404 for an unknown room and for a malformed id 400', async () => {
    const res = await getRoom('zzzzzzz');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'room/not-found', message: 'Room not found or has ended' });
    expect((await getRoom('bad%20id')).status).toBe(400);
  });

  it('grants host only to the host, whatever a guest asks for', async () => {
    const room = await createRoom();
    expect((await join(room.roomId, host, 'viewer')).body.role).toBe('host');
    expect((await join(room.roomId, bob, 'host')).body.role).toBe('participant');
    const { participants } = (await getRoom(room.roomId)).body.room;
    expect(participants).toEqual([
      { firebase_uid: host.user.uid, user_name: 'Hana Host', role: 'host' },
      { firebase_uid: bob.user.uid, user_name: 'Bob', role: 'participant' },
    ]);
  });

  it('refuses a join beyond maxParticipants with 409, not counting the host or a returning member', async () => {
    const room = await createRoom({ name: 'Small', settings: { maxParticipants: 1 } });
    expect((await join(room.roomId, host)).status).toBe(200);
    expect((await join(room.roomId, bob)).status).toBe(200);
    expect((await join(room.roomId, bob)).status).toBe(200);
    const full = await join(room.roomId, carol);
    expect(full.status).toBe(409);
    expect(full.body.error).toEqual({ code: 'room/full', message: 'This room is full (1 participants at most).' });
    expect((await getRoom(room.roomId)).body.room.participants).toHaveLength(2);

    // A seat frees when someone leaves.
    expect((await api.call('POST', `/api/rooms/${room.roomId}/leave`, { token: bob.idToken })).status).toBe(200);
    expect((await join(room.roomId, carol)).status).toBe(200);
    const names = (await getRoom(room.roomId)).body.room.participants.map((p: { user_name: string }) => p.user_name);
    expect(names).toEqual(['Hana Host', 'Carol']);
  });

  it('holds capacity when the last seat is raced', async () => {
    const room = await createRoom({ name: 'Race', settings: { maxParticipants: 1 } });
    const results = await Promise.all([join(room.roomId, bob), join(room.roomId, carol)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('stores the host peer id, only the host may set it, and the open room view never shows it', async () => {
    const room = await createRoom();
    const denied = await api.call('PATCH', `/api/rooms/${room.roomId}/peer`, {
      token: bob.idToken,
      body: { peerId: 'p' },
    });
    expect(denied.status).toBe(403);
    const ok = await api.call('PATCH', `/api/rooms/${room.roomId}/peer`, {
      token: host.idToken,
      body: { peerId: 'peer-123' },
    });
    expect(ok.status).toBe(200);
    expect((await roomsRepository(api.api.db).find(room.roomId))?.hostPeerId).toBe('peer-123');
    // Anyone may GET the room: the id would let a stranger dial the host's peer-to-peer tier.
    const view = (await getRoom(room.roomId)).body.room;
    expect(view).not.toHaveProperty('hostPeerId');
    expect(JSON.stringify(view)).not.toContain('peer-123');
    const invalid = await api.call('PATCH', `/api/rooms/${room.roomId}/peer`, { token: host.idToken, body: {} });
    expect(invalid.status).toBe(400);
  });

  it('keeps a forced tier from creation, and only the host may change it; guests are told at once', async () => {
    const room = await createRoom({ name: 'Forced', settings: { tier: 'p2p' } });
    expect(room.settings).toMatchObject({ tier: 'p2p' });
    expect((await getRoom(room.roomId)).body.room.settings).toMatchObject({ tier: 'p2p' });

    const patch = (who: User, body: unknown) =>
      api.call('PATCH', `/api/rooms/${room.roomId}/settings`, { token: who.idToken, body });
    const refused = await patch(bob, { tier: 'relay' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('room/not-host');
    for (const body of [{ tier: 'fastest' }, {}, { tier: null }]) {
      const bad = await patch(host, body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toMatch(/^validation\//);
    }

    const changed = await patch(host, { tier: 'relay' });
    expect(changed.status).toBe(200);
    expect(changed.body.settings).toEqual({
      isPublic: true,
      maxParticipants: 10,
      allowGuestAccess: true,
      tier: 'relay',
    });
    expect((await getRoom(room.roomId)).body.room.settings.tier).toBe('relay');
    expect(published).toContainEqual({ type: 'room-settings', roomId: room.roomId, tier: 'relay' });
    expect(
      (await api.call('PATCH', '/api/rooms/nosuch1/settings', { token: host.idToken, body: { tier: 'sfu' } })).status,
    ).toBe(404);
  });

  it('refuses an unknown tier at creation', async () => {
    const res = await api.call('POST', '/api/rooms/create', {
      token: host.idToken,
      body: { name: 'Bad', settings: { tier: 'warp' } },
    });
    expect(res.status).toBe(400);
  });

  it("answers the caller's newest live room at /api/rooms/live/mine, never someone else's, and null once ended", async () => {
    const mine = (who: User) => api.call('GET', '/api/rooms/live/mine', { token: who.idToken });
    const dora = await signUpUser(api, { name: 'Dora' });
    expect((await mine(dora)).body).toEqual({ room: null });
    const older = await createRoom(undefined, dora);
    const newer = await createRoom({ name: 'Second', baseUrl: 'http://localhost:8080' }, dora);
    expect((await mine(dora)).body).toEqual({ room: newer });
    expect((await mine(bob)).body.room?.roomId).not.toBe(newer.roomId);
    expect((await api.call('POST', `/api/rooms/${newer.roomId}/end`, { token: dora.idToken })).status).toBe(200);
    expect((await mine(dora)).body).toEqual({ room: older });
    expect((await api.call('POST', `/api/rooms/${older.roomId}/end`, { token: dora.idToken })).status).toBe(200);
    expect((await mine(dora)).body).toEqual({ room: null });
  });

  it('lets only the host end a room; then it is gone and room-ended is published once', async () => {
    const room = await createRoom();
    await join(room.roomId, bob);
    const denied = await api.call('POST', `/api/rooms/${room.roomId}/end`, { token: bob.idToken });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('room/not-host');
    expect((await getRoom(room.roomId)).status).toBe(200);
    expect(published).not.toContainEqual({ type: 'room-ended', roomId: room.roomId });

    expect((await api.call('POST', `/api/rooms/${room.roomId}/end`, { token: host.idToken })).status).toBe(200);
    expect((await getRoom(room.roomId)).status).toBe(404);
    expect(published.filter((e) => e.type === 'room-ended' && e.roomId === room.roomId)).toHaveLength(1);
    expect((await join(room.roomId, carol)).status).toBe(404);
    expect((await api.call('POST', `/api/rooms/${room.roomId}/end`, { token: host.idToken })).status).toBe(404);
  });
});
