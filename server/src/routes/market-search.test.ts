import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let early: User;
let late: User;
let artist: User;

// "Now" is real time here, so the week searched is next week, whatever day the test runs.
const DAY = 86_400_000;
const nextWeek = {
  freeFrom: new Date(Date.now() + 7 * DAY).toISOString(),
  freeTo: new Date(Date.now() + 14 * DAY).toISOString(),
};
const mixing = (title: string, amount: number) => ({
  kind: 'mixing',
  title,
  genres: ['Latin'],
  remote: true,
  rate: { amount, currency: 'USD', per: 'song' },
  typicalMinutes: 60,
});
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));
const find = (query: Record<string, string>) =>
  api.call('GET', `/api/market/search?${new URLSearchParams(query)}`, { token: artist.idToken });
const names = (res: { body: { results: { username: string }[] } }) => res.body.results.map((r) => r.username);

beforeAll(async () => {
  api = await startTestApi();
  early = await signUpUser(api, { username: 'earlybird', name: 'Early Bird' });
  late = await signUpUser(api, { username: 'nightowl', name: 'Night Owl' });
  artist = await signUpUser(api, { username: 'singer', name: 'The Singer' });
  for (const [who, title, amount] of [
    [early, 'Latin mixing in the morning', 90],
    [late, 'Latin mixing at night', 60],
  ] as const) {
    expect(
      (await api.call('POST', '/api/offers/create', { token: who.idToken, body: mixing(title, amount) })).status,
    ).toBe(201);
  }
  // Both work every day; in UTC terms the early bird's hours come first.
  await api.call('PUT', '/api/availability/mine', {
    token: early.idToken,
    body: { timeZone: 'Asia/Tokyo', weeklyHours: everyDay('08:00', '12:00'), blockedDays: [], bufferMinutes: 0 },
  });
  await api.call('PUT', '/api/availability/mine', {
    token: late.idToken,
    body: {
      timeZone: 'America/Los_Angeles',
      weeklyHours: everyDay('20:00', '23:00'),
      blockedDays: [],
      bufferMinutes: 0,
    },
  });
});
afterAll(async () => {
  await api.close();
});

describe('GET /api/market/search', () => {
  it('returns cards with rate, rating and the next free slot in the viewer zone', async () => {
    const res = await find({ q: 'latin', genre: 'Latin', zone: 'America/New_York', sort: 'rate' });
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['nightowl', 'earlybird']);
    const [card] = res.body.results;
    expect(card).toMatchObject({
      name: 'Night Owl',
      role: 'artist',
      genres: ['Latin'],
      rating: { average: null, count: 0 },
      rate: { amount: 60, currency: 'USD', per: 'song' },
      offer: { kind: 'mixing', typicalMinutes: 60 },
    });
    expect(card.nextFreeSlot).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000-0[45]:00$/);
  });

  it('filters by rate range and by "free between", and sorts by the soonest free slot', async () => {
    expect(names(await find({ maxRate: '70' }))).toEqual(['nightowl']);
    expect(names(await find({ ...nextWeek, minRate: '80' }))).toEqual(['earlybird']);
    const soonest = await find({ ...nextWeek, sort: 'soonest' });
    const slots = soonest.body.results.map((r: { nextFreeSlot: string }) => Date.parse(r.nextFreeSlot));
    expect(slots).toHaveLength(2);
    expect(slots[0]).toBeLessThanOrEqual(slots[1]);
    expect(slots[0]).toBeGreaterThanOrEqual(Date.parse(nextWeek.freeFrom));
  });

  it('leaves out a provider with no free time in the range', async () => {
    await api.call('PUT', '/api/availability/mine', {
      token: early.idToken,
      body: { timeZone: 'Asia/Tokyo', weeklyHours: [], blockedDays: [], bufferMinutes: 0 },
    });
    expect(names(await find(nextWeek))).toEqual(['nightowl']);
    expect(names(await find({}))).toHaveLength(2);
  });

  it('pages', async () => {
    const first = await find({ sort: 'rate', pageSize: '1' });
    const second = await find({ sort: 'rate', pageSize: '1', page: '2' });
    expect([...names(first), ...names(second)]).toEqual(['nightowl', 'earlybird']);
    expect([first.body.hasMore, second.body.hasMore]).toEqual([true, false]);
  });

  it.each([
    [{ kind: 'juggling' }, 'kind'],
    [{ minRate: '-1' }, 'minRate'],
    [{ minRate: '9', maxRate: '5' }, 'maxRate'],
    [{ freeFrom: nextWeek.freeFrom }, 'freeTo'],
    [{ pageSize: '500' }, 'pageSize'],
    [{ minRating: '6' }, 'minRating'],
  ])('refuses %j naming %s', async (query, field) => {
    const res = await find(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('answers only signed-in callers', async () => {
    expect((await api.call('GET', '/api/market/search?q=latin')).status).toBe(401);
  });
});
