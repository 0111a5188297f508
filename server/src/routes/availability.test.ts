import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let producer: User;
let artist: User;

const hours = {
  timeZone: 'Europe/Berlin',
  weeklyHours: [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '13:00' })),
  blockedDays: ['2030-02-06'],
  bufferMinutes: 30,
};
// Monday 4 February 2030 to Thursday 7 February: Berlin is on CET (+1), New York on EST (-5).
const range = { from: '2030-02-04T00:00:00Z', to: '2030-02-07T00:00:00Z' };
const slots = (who: User, query: Record<string, string>) =>
  api.call('GET', `/api/availability/${producer.user.uid}/slots?${new URLSearchParams(query)}`, { token: who.idToken });

beforeAll(async () => {
  api = await startTestApi();
  producer = await signUpUser(api, { username: 'berliner', name: 'Berlin Producer' });
  artist = await signUpUser(api, { username: 'newyorker', name: 'NY Artist' });
});
afterAll(async () => {
  await api.close();
});

describe('working hours and free slots', () => {
  it('has no working hours and no slots until the provider sets them', async () => {
    expect((await api.call('GET', '/api/availability/mine', { token: producer.idToken })).body).toEqual({
      availability: null,
    });
    expect((await slots(artist, { ...range, minutes: '60' })).body.slots).toEqual([]);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ weeklyHours: [{ day: 8, start: '09:00', end: '10:00' }] }, 'weeklyHours.0.day'],
    [{ weeklyHours: [{ day: 1, start: '10:00', end: '09:00' }] }, 'weeklyHours.0.end'],
    [{ weeklyHours: [{ day: 1, start: '9am', end: '10:00' }] }, 'weeklyHours.0.start'],
    [{ blockedDays: ['tomorrow'] }, 'blockedDays.0'],
    [{ bufferMinutes: 1000 }, 'bufferMinutes'],
  ])('refuses %j naming %s', async (patch, field) => {
    const res = await api.call('PUT', '/api/availability/mine', {
      token: artist.idToken,
      body: { ...hours, ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
    expect((await api.call('GET', '/api/availability/mine', { token: artist.idToken })).body.availability).toBeNull();
  });

  it("shows the provider's Berlin hours in the viewer's New York zone, skipping the blocked day", async () => {
    const saved = await api.call('PUT', '/api/availability/mine', { token: producer.idToken, body: hours });
    expect(saved.status).toBe(200);
    const res = await slots(artist, { ...range, minutes: '120', zone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe('America/New_York');
    const starts = res.body.slots.map((slot: { start: string }) => slot.start);
    // 09:00-13:00 Berlin is 03:00-07:00 in New York: two-hour slots start 03:00 to 05:00, Mon and Tue.
    expect(starts).toEqual([
      '2030-02-04T03:00:00.000-05:00',
      '2030-02-04T03:30:00.000-05:00',
      '2030-02-04T04:00:00.000-05:00',
      '2030-02-04T04:30:00.000-05:00',
      '2030-02-04T05:00:00.000-05:00',
      '2030-02-05T03:00:00.000-05:00',
      '2030-02-05T03:30:00.000-05:00',
      '2030-02-05T04:00:00.000-05:00',
      '2030-02-05T04:30:00.000-05:00',
      '2030-02-05T05:00:00.000-05:00',
    ]);
  });

  it("cuts the provider's own sessions out, with the buffer around them", async () => {
    const created = await api.call('POST', '/sessions/create', {
      token: producer.idToken,
      body: { title: 'Mix day', startTime: '2030-02-04T09:00:00Z', endTime: '2030-02-04T10:00:00Z' },
    });
    expect(created.status).toBe(201);
    const res = await slots(artist, { from: range.from, to: '2030-02-05T00:00:00Z', minutes: '60' });
    // 10:00-11:00 Berlin busy, 30 minutes kept free either side: only 09:00-09:30 before does not fit an hour.
    expect(res.body.slots.map((slot: { start: string }) => slot.start)).toEqual([
      '2030-02-04T10:30:00.000Z',
      '2030-02-04T11:00:00.000Z',
    ]);
  });

  it('refuses a range that is backwards, too wide or unreadable', async () => {
    for (const query of [
      { from: range.to, to: range.from, minutes: '60' },
      { from: '2030-01-01T00:00:00Z', to: '2030-03-01T00:00:00Z', minutes: '60' },
      { from: 'soon', to: range.to, minutes: '60' },
      { ...range, minutes: '60', zone: 'Nowhere/At_All' },
    ]) {
      expect((await slots(artist, query)).status).toBe(400);
    }
  });
});
