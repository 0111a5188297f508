import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let owner: User;
let follower: User;
let stranger: User;

const at = (hours: number) => new Date(Date.UTC(2030, 0, 7, hours)).toISOString();
const body = (patch: Record<string, unknown> = {}) => ({
  title: 'Mix day',
  startTime: at(10),
  endTime: at(12),
  ...patch,
});
const create = (who: User, patch: Record<string, unknown> = {}) =>
  api.call('POST', '/sessions/create', { token: who.idToken, body: body(patch) });
const calendar = async (reader: User, of: User) =>
  (await api.call('GET', `/sessions/user/${of.user.uid}`, { token: reader.idToken })).body;

beforeAll(async () => {
  api = await startTestApi();
  owner = await signUpUser(api);
  follower = await signUpUser(api);
  stranger = await signUpUser(api);
  await api.call('POST', `/api/user/follow/${owner.user.uid}`, { token: follower.idToken });
});
afterAll(async () => {
  await api.close();
});

describe('sessions', () => {
  it.each([
    ['POST', '/sessions/create'],
    ['PUT', '/sessions/1'],
    ['DELETE', '/sessions/1'],
    ['GET', '/sessions/user/abc'],
    ['POST', '/sessions/request-booking'],
    ['PATCH', '/sessions/respond-booking/1'],
    ['GET', '/sessions/my-bookings'],
    ['POST', '/sessions/1/join-request'],
    ['GET', '/events/all'],
    ['GET', '/api/events/all'],
  ])('%s %s requires a token', async (method, route) => {
    expect((await api.call(method, route, method === 'GET' ? {} : { body: {} })).status).toBe(401);
  });

  it('creates a session with the spec defaults', async () => {
    const res = await create(owner, { equipment: [' SM7B ', 'Neve 1073'] });
    expect(res.status).toBe(201);
    expect(res.body.session).toEqual({
      _id: expect.any(String),
      host: owner.user.uid,
      bookedBy: null,
      title: 'Mix day',
      description: '',
      startTime: at(10),
      endTime: at(12),
      visibility: 'public',
      type: 'collaboration',
      location: '',
      genre: '',
      price: 0,
      maxParticipants: null,
      equipment: ['SM7B', 'Neve 1073'],
      status: 'confirmed',
    });
    await api.call('DELETE', `/sessions/${res.body.session._id}`, { token: owner.idToken });
  });

  it.each([
    [{ title: '  ' }, 'title'],
    [{ startTime: undefined }, 'startTime'],
    [{ endTime: 'tomorrow' }, 'endTime'],
    [{ endTime: at(10) }, 'endTime'],
    [{ endTime: at(9) }, 'endTime'],
    [{ visibility: 'friends' }, 'visibility'],
    [{ type: 'jam' }, 'type'],
    [{ price: -1 }, 'price'],
    [{ price: '10' }, 'price'],
    [{ maxParticipants: 0 }, 'maxParticipants'],
    [{ maxParticipants: 2.5 }, 'maxParticipants'],
    [{ equipment: ['mic', '  '] }, 'equipment'],
    [{ equipment: 'mic, amp' }, 'equipment'],
  ])('refuses %j naming %s, storing nothing', async (patch, field) => {
    const before = await calendar(owner, owner);
    const res = await create(owner, patch);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation/invalid-body');
    expect(res.body.error.message).toContain(field);
    expect(await calendar(owner, owner)).toEqual(before);
  });

  it('lets only the owner edit or cancel, and a bad edit changes nothing', async () => {
    const { _id: id } = (await create(owner)).body.session;
    const edited = await api.call('PUT', `/sessions/${id}`, {
      token: owner.idToken,
      body: body({ title: 'Mastering', type: 'mastering', price: 40, maxParticipants: 3 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.session).toMatchObject({ title: 'Mastering', type: 'mastering', price: 40, maxParticipants: 3 });

    for (const who of [follower, stranger]) {
      const put = await api.call('PUT', `/sessions/${id}`, { token: who.idToken, body: body({ title: 'Mine now' }) });
      expect(put.status).toBe(403);
      expect((await api.call('DELETE', `/sessions/${id}`, { token: who.idToken })).status).toBe(403);
    }
    const bad = await api.call('PUT', `/sessions/${id}`, { token: owner.idToken, body: body({ endTime: at(1) }) });
    expect(bad.status).toBe(400);
    const mine = await calendar(owner, owner);
    expect(mine.find((s: { _id: string }) => s._id === id)).toMatchObject({ title: 'Mastering' });

    expect((await api.call('DELETE', `/sessions/${id}`, { token: owner.idToken })).status).toBe(204);
    expect((await calendar(owner, owner)).some((s: { _id: string }) => s._id === id)).toBe(false);
    expect((await api.call('DELETE', `/sessions/${id}`, { token: owner.idToken })).status).toBe(404);
    expect((await api.call('PUT', '/sessions/abc', { token: owner.idToken, body: body() })).status).toBe(400);
  });

  describe('the visibility matrix', () => {
    const secret = { description: 'secret notes', location: 'Studio B', genre: 'Jazz', equipment: ['Rhodes'] };
    beforeAll(async () => {
      await create(owner, { title: 'Open jam', visibility: 'public', startTime: at(1), endTime: at(2) });
      await create(owner, { title: 'Fans only', visibility: 'followers', startTime: at(3), endTime: at(4) });
      await create(owner, { ...secret, title: 'Dentist', visibility: 'private', startTime: at(5), endTime: at(6) });
    });
    const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title);

    it('shows the owner everything of their own', async () => {
      const mine = await calendar(owner, owner);
      expect(titles(mine)).toEqual(['Open jam', 'Fans only', 'Dentist']);
      expect(mine[2]).toMatchObject({ ...secret, visibility: 'private' });
    });

    it('shows a follower public and followers sessions in full, and private ones only as Busy', async () => {
      const seen = await calendar(follower, owner);
      expect(titles(seen)).toEqual(['Open jam', 'Fans only', 'Busy']);
      expect(seen[1]).toMatchObject({ visibility: 'followers', host: owner.user.uid });
      expect(seen[2]).toEqual({ busy: true, title: 'Busy', startTime: at(5), endTime: at(6) });
      expect(JSON.stringify(seen)).not.toMatch(/Dentist|secret notes|Studio B|Rhodes/);
    });

    it('shows a stranger public sessions, Busy for private ones, and leaves followers sessions out', async () => {
      const seen = await calendar(stranger, owner);
      expect(titles(seen)).toEqual(['Open jam', 'Busy']);
      expect(JSON.stringify(seen)).not.toMatch(/Fans only|Dentist|secret notes|Studio B|Rhodes/);
    });

    it('answers 404 for an unknown user', async () => {
      expect((await api.call('GET', '/sessions/user/nobody', { token: owner.idToken })).status).toBe(404);
    });
  });

  describe('join requests', () => {
    it('accepts one pending request from a follower for a session they see in full, and tells the owner', async () => {
      const id = (await create(owner, { title: 'Beat jam', visibility: 'followers' })).body.session._id;
      const first = await api.call('POST', `/sessions/${id}/join-request`, {
        token: follower.idToken,
        body: { message: 'I play bass' },
      });
      expect(first.status).toBe(201);
      expect(first.body.joinRequest).toMatchObject({ sessionId: id, message: 'I play bass', status: 'pending' });
      const again = await api.call('POST', `/sessions/${id}/join-request`, { token: follower.idToken, body: {} });
      expect(again.status).toBe(409);

      const inbox = await api.call('GET', `/api/messages/uid/${follower.user.uid}`, { token: owner.idToken });
      expect(inbox.body.messages.map((m: { content: string }) => m.content)).toEqual([
        'Join request for "Beat jam" on 2030-01-07 10:00 UTC: I play bass',
      ]);
    });

    it('refuses your own session, hidden or private ones, strangers, unknown sessions and bad bodies', async () => {
      const followersOnly = (await create(owner, { visibility: 'followers' })).body.session._id;
      const privateOne = (await create(owner, { visibility: 'private' })).body.session._id;
      const publicOne = (await create(owner, { visibility: 'public' })).body.session._id;
      const join = (who: User, id: string, payload: unknown = { message: 'hi' }) =>
        api.call('POST', `/sessions/${id}/join-request`, { token: who.idToken, body: payload });

      expect((await join(owner, publicOne)).status).toBe(400);
      expect((await join(follower, privateOne)).status).toBe(403);
      expect((await join(stranger, followersOnly)).status).toBe(403);
      expect((await join(stranger, publicOne)).body.error.code).toBe('calendar/not-following');
      expect((await join(follower, '999999')).status).toBe(404);
      expect((await join(follower, publicOne, { message: 42 })).status).toBe(400);
      // The refusals stored nothing: the follower's first real request still goes through.
      expect((await join(follower, publicOne)).status).toBe(201);
    });
  });
});
