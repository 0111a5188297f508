import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let alice: User;
let bob: User;

const at = (hours: number) => new Date(Date.UTC(2030, 2, 3, hours)).toISOString();
const create = (who: User, body: Record<string, unknown>) =>
  api.call('POST', '/sessions/create', { token: who.idToken, body: { startTime: at(9), endTime: at(10), ...body } });
const fetchFeed = (path: string) => fetch(api.baseUrl + path);

beforeAll(async () => {
  api = await startTestApi();
  alice = await signUpUser(api);
  bob = await signUpUser(api);
  await api.call('POST', `/api/user/follow/${alice.user.uid}`, { token: bob.idToken });
  await api.call('POST', `/api/user/follow/${bob.user.uid}`, { token: alice.idToken });
  await create(bob, { title: 'Bob public, jam', visibility: 'public', description: 'Line one\nLine two; more' });
  await create(bob, { title: 'Bob secret', visibility: 'private', description: 'Bob only' });
  await create(alice, { title: 'Alice followers', visibility: 'followers' });
  await create(alice, { title: 'Alice hidden', visibility: 'private', description: 'her notes' });
  // Alice books Bob; Bob accepts: a confirmed session on both calendars. A second one stays pending.
  const booking = async (title: string, hour: number) =>
    (
      await api.call('POST', '/sessions/request-booking', {
        token: alice.idToken,
        body: { targetUser: bob.user.uid, startTime: at(hour), endTime: at(hour + 1), title, message: 'bring pads' },
      })
    ).body.booking._id;
  const accepted = await booking('Booked with Bob', 15);
  await api.call('PATCH', `/sessions/respond-booking/${accepted}`, { token: bob.idToken, body: { action: 'accept' } });
  await booking('Still pending', 18);
});
afterAll(async () => {
  await api.close();
});

describe('the private calendar feed', () => {
  it('needs the bearer to manage, and is off until created', async () => {
    expect((await api.call('POST', '/api/calendar/feed')).status).toBe(401);
    const status = await api.call('GET', '/api/calendar/feed', { token: alice.idToken });
    expect(status.body).toEqual({ active: false, createdAt: null });
  });

  it("holds the user's own sessions and confirmed bookings, and nothing private of others", async () => {
    const created = await api.call('POST', '/api/calendar/feed', { token: alice.idToken });
    expect(created.status).toBe(201);
    expect(created.body.path).toMatch(/^\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await api.call('GET', '/api/calendar/feed', { token: alice.idToken })).body.active).toBe(true);

    const res = await fetchFeed(created.body.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const ics = await res.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const summaries = [...ics.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim());
    expect(summaries.sort()).toEqual(['Alice followers', 'Alice hidden', 'Booked with Bob']);
    expect(ics).toContain('DESCRIPTION:her notes');
    expect(ics).toContain(`DTSTART:20300303T150000Z\r\nDTEND:20300303T160000Z`);
    expect(ics).not.toMatch(/Bob secret|Bob only|Bob public|Still pending/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('escapes text as RFC 5545 says', async () => {
    const bobFeed = (await api.call('POST', '/api/calendar/feed', { token: bob.idToken })).body.path;
    const ics = await (await fetchFeed(bobFeed)).text();
    expect(ics).toContain('SUMMARY:Bob public\\, jam');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two\\; more');
    expect(ics).toContain('SUMMARY:Booked with Bob');
    expect(ics).not.toMatch(/Alice hidden|her notes|Alice followers/);
  });

  it('stops the old URL when rotated, and every URL when revoked', async () => {
    const old = (await api.call('POST', '/api/calendar/feed', { token: alice.idToken })).body.path;
    const rotated = (await api.call('POST', '/api/calendar/feed', { token: alice.idToken })).body.path;
    expect(rotated).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchFeed(rotated)).status).toBe(200);

    expect((await api.call('DELETE', '/api/calendar/feed', { token: alice.idToken })).status).toBe(204);
    expect((await fetchFeed(rotated)).status).toBe(404);
    expect((await api.call('GET', '/api/calendar/feed', { token: alice.idToken })).body.active).toBe(false);
    expect((await fetchFeed('/calendar/feed/short.ics')).status).toBe(400);
  });
});
