import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let producer: User;
let artist: User;
let stranger: User;
let bookingId: string;

const HOUR = 3_600_000;
const review = (who: User, id: string, body: unknown) =>
  api.call('PUT', `/api/market/bookings/${id}/review`, { token: who.idToken, body });
const reviewsOf = async (who: User) =>
  (await api.call('GET', `/api/market/reviews/of/${who.user.uid}`, { token: stranger.idToken })).body;

beforeAll(async () => {
  api = await startTestApi();
  producer = await signUpUser(api, { username: 'beatmaker', name: 'Beat Maker' });
  artist = await signUpUser(api, { username: 'rapper', name: 'The Rapper' });
  stranger = await signUpUser(api, { username: 'lurker', name: 'Lur Ker' });
  const offer = await api.call('POST', '/api/offers/create', {
    token: producer.idToken,
    body: {
      kind: 'production',
      title: 'Beats',
      remote: true,
      rate: { amount: 99, currency: 'USD', per: 'song' },
      typicalMinutes: 60,
    },
  });
  await api.call('PUT', '/api/availability/mine', {
    token: producer.idToken,
    body: {
      timeZone: 'UTC',
      weeklyHours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '00:00', end: '24:00' })),
      blockedDays: [],
      bufferMinutes: 0,
    },
  });
  const start = Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR;
  const requested = await api.call('POST', '/api/market/bookings/create', {
    token: artist.idToken,
    body: {
      offerId: offer.body.offer.id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + HOUR).toISOString(),
    },
  });
  bookingId = requested.body.booking.id;
});
afterAll(async () => {
  await api.close();
});

describe('reviews', () => {
  it('is closed before the booking is confirmed and ended, and to strangers always (404)', async () => {
    expect((await review(artist, bookingId, { rating: 5, text: 'Great' })).status).toBe(404);
    await api.call('PATCH', `/api/market/bookings/${bookingId}`, {
      token: producer.idToken,
      body: { action: 'accept' },
    });
    expect((await review(artist, bookingId, { rating: 5, text: 'Great' })).status).toBe(404);
    // The session took place: move it into the past.
    const past = Date.now() - 2 * HOUR;
    await api.api
      .db('market_bookings')
      .where({ id: Number(bookingId) })
      .update({ start_at: past, end_at: past + HOUR });
    expect((await review(stranger, bookingId, { rating: 1, text: 'Bad' })).status).toBe(404);
    expect((await reviewsOf(producer)).reviews).toEqual([]);
  });

  it('lets each side rate the other once, editable, with the average on search cards and the profile', async () => {
    expect((await review(artist, bookingId, { rating: 6, text: 'Too good' })).status).toBe(400);
    expect((await review(artist, bookingId, { rating: 4, text: '' })).status).toBe(400);
    const first = await review(artist, bookingId, { rating: 4, text: 'Hard-hitting drums' });
    expect(first.status).toBe(200);
    const edited = await review(artist, bookingId, { rating: 5, text: 'Hard-hitting drums, fast turnaround' });
    expect(edited.body.review).toMatchObject({ id: first.body.review.id, rating: 5 });
    expect((await review(producer, bookingId, { rating: 3, text: 'Late to the session' })).status).toBe(200);
    const profile = await reviewsOf(producer);
    expect(profile.rating).toEqual({ average: 5, count: 1 });
    expect(profile.reviews).toMatchObject([{ rating: 5, author: { username: 'rapper' }, reply: null }]);
    expect((await reviewsOf(artist)).rating).toEqual({ average: 3, count: 1 });
    const found = await api.call('GET', '/api/market/search?q=beats', { token: stranger.idToken });
    expect(found.body.results[0].rating).toEqual({ average: 5, count: 1 });
    const told = await api.call('GET', '/api/notifications', { token: producer.idToken });
    expect(told.body.notifications[0]).toMatchObject({ kind: 'review-received' });
  });

  it('lets only the reviewed person reply, once', async () => {
    const [written] = (await reviewsOf(producer)).reviews;
    const reply = (who: User) =>
      api.call('POST', `/api/market/reviews/${written.id}/reply`, { token: who.idToken, body: { text: 'Thanks!' } });
    expect((await reply(artist)).status).toBe(404);
    expect((await reply(stranger)).status).toBe(404);
    expect((await reply(producer)).body.review.reply).toBe('Thanks!');
    expect((await reply(producer)).status).toBe(409);
    expect((await reviewsOf(producer)).reviews[0].reply).toBe('Thanks!');
  });

  it('closes editing after 7 days', async () => {
    await api.api.db('reviews').update({ created_at: Date.now() - 8 * 24 * HOUR });
    expect((await review(artist, bookingId, { rating: 1, text: 'Changed my mind' })).status).toBe(409);
  });
});
