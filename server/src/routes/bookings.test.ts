import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '@riffroom/protocol';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let host: User;
let booker: User;
let stranger: User;
const published: BusEvent[] = [];
/** The notification centre's items, apart from the booking events the spec names. */
const notified: BusEvent[] = [];

const at = (hours: number) => new Date(Date.UTC(2030, 1, 4, hours)).toISOString();
const book = (who: User, patch: Record<string, unknown> = {}) =>
  api.call('POST', '/sessions/request-booking', {
    token: who.idToken,
    body: { targetUser: host.user.uid, startTime: at(14), endTime: at(16), message: 'Vocals for my EP', ...patch },
  });
const respond = (who: User, id: string, action: unknown) =>
  api.call('PATCH', `/sessions/respond-booking/${id}`, { token: who.idToken, body: { action } });
const bookings = async (who: User) => (await api.call('GET', '/sessions/my-bookings', { token: who.idToken })).body;
const calendar = async (reader: User, of: User) =>
  (await api.call('GET', `/sessions/user/${of.user.uid}`, { token: reader.idToken })).body;

beforeAll(async () => {
  api = await startTestApi();
  api.api.bus.subscribe((event) => (event.type === 'notification' ? notified : published).push(event));
  host = await signUpUser(api, { username: 'hoster', name: 'Host Person' });
  booker = await signUpUser(api, { username: 'booker', name: 'Booker Person' });
  stranger = await signUpUser(api);
  await api.call('POST', `/api/user/follow/${host.user.uid}`, { token: booker.idToken });
});
afterAll(async () => {
  await api.close();
});

describe('booking requests', () => {
  it('refuses booking someone you do not follow, or yourself', async () => {
    const res = await book(stranger);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('calendar/not-following');
    expect((await book(host)).status).toBe(400);
    expect((await bookings(host)).incoming).toEqual([]);
  });

  it.each([
    [{ startTime: undefined }, 'startTime'],
    [{ endTime: '' }, 'endTime'],
    [{ endTime: at(13) }, 'endTime'],
    [{ targetUser: '' }, 'targetUser'],
    [{ message: ['x'] }, 'message'],
  ])('refuses %j naming %s, storing nothing', async (patch, field) => {
    const count = published.length;
    const res = await book(booker, patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await bookings(booker)).outgoing).toEqual([]);
    expect(published.length).toBe(count);
  });

  it('files a pending request both sides see, and notifies only the target', async () => {
    const res = await book(booker);
    expect(res.status).toBe(201);
    const { _id: id } = res.body.booking;
    expect(res.body.booking).toMatchObject({
      status: 'pending',
      title: 'Booked session',
      host: { user_username: 'hoster' },
    });

    const incoming = (await bookings(host)).incoming;
    expect(incoming).toEqual([
      expect.objectContaining({ _id: id, status: 'pending', message: 'Vocals for my EP', startTime: at(14) }),
    ]);
    expect(incoming[0].requestedBy).toEqual({
      firebase_uid: booker.user.uid,
      user_username: 'booker',
      user_name: 'Booker Person',
    });
    expect((await bookings(booker)).outgoing[0].host.user_username).toBe('hoster');
    expect((await bookings(booker)).incoming).toEqual([]);
    expect(published.at(-1)).toEqual({ type: 'new-booking-request', toUid: host.user.uid, request: incoming[0] });
  });

  it('lets only the target answer, with accept or decline, and only once', async () => {
    const { _id: id } = (await bookings(host)).incoming[0];
    expect((await respond(booker, id, 'accept')).status).toBe(403);
    expect((await respond(stranger, id, 'accept')).status).toBe(403);
    expect((await respond(host, id, 'maybe')).status).toBe(400);
    expect((await respond(host, '424242', 'accept')).status).toBe(404);
    expect((await bookings(host)).incoming[0].status).toBe('pending');

    const accepted = await respond(host, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.booking).toMatchObject({ status: 'accepted', sessionId: expect.any(String) });
    const twice = await respond(host, id, 'decline');
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('booking/already-answered');
    expect((await bookings(booker)).outgoing[0].status).toBe('accepted');
  });

  it('turns an accepted booking into a confirmed session on both calendars, Busy to everyone else', async () => {
    const expected = {
      title: 'Booked session',
      description: 'Vocals for my EP',
      startTime: at(14),
      endTime: at(16),
      status: 'confirmed',
      host: host.user.uid,
      bookedBy: booker.user.uid,
    };
    expect(await calendar(host, host)).toEqual([expect.objectContaining(expected)]);
    expect(await calendar(booker, booker)).toEqual([expect.objectContaining(expected)]);
    expect(await calendar(booker, host)).toEqual([expect.objectContaining(expected)]);
    expect(await calendar(stranger, booker)).toEqual([
      { busy: true, title: 'Busy', startTime: at(14), endTime: at(16) },
    ]);
    // The requester sees it but only the host may change it.
    const sessionId = (await calendar(host, host))[0]._id;
    expect((await api.call('DELETE', `/sessions/${sessionId}`, { token: booker.idToken })).status).toBe(403);
  });

  it('leaves no session behind a declined request', async () => {
    const { _id: id } = (await book(booker, { title: 'Late night', startTime: at(20), endTime: at(22) })).body.booking;
    const declined = await respond(host, id, 'decline');
    expect(declined.body.booking).toMatchObject({ status: 'declined', sessionId: null });
    expect((await calendar(host, host)).map((s: { title: string }) => s.title)).toEqual(['Booked session']);
    expect((await respond(host, id, 'accept')).status).toBe(409);
  });

  it('stores one pending request per identical request, answering copies with it and notifying once', async () => {
    const count = published.length;
    const items = notified.length;
    const slot = { startTime: at(9), endTime: at(10) };
    const results = await Promise.all(Array.from({ length: 8 }, () => book(booker, slot)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.booking._id)).size).toBe(1);
    expect((await bookings(host)).incoming.filter((b: { startTime: string }) => b.startTime === at(9))).toHaveLength(1);
    expect(published.length).toBe(count + 1);
    expect(notified.length).toBe(items + 1);
    // Once answered, the same time may be asked for again.
    await respond(host, results[0]!.body.booking._id, 'decline');
    expect((await book(booker, slot)).status).toBe(201);
  });
});
