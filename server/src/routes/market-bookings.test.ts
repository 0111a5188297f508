import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let producer: User;
let artist: User;
let stranger: User;
let offerId: string;

const HOUR = 3_600_000;
// A day a week ahead, at midnight UTC: the producer works all day every day, so any hour is free.
const day = Math.floor(Date.now() / (24 * HOUR)) * 24 * HOUR + 7 * 24 * HOUR;
const slot = (fromHour: number, hours = 1) => ({
  startTime: new Date(day + fromHour * HOUR).toISOString(),
  endTime: new Date(day + (fromHour + hours) * HOUR).toISOString(),
});
const request = (who: User, body: Record<string, unknown>) =>
  api.call('POST', '/api/market/bookings/create', {
    token: who.idToken,
    body: { offerId, message: 'Mix my single', ...body },
  });
const act = (who: User, id: string, body: Record<string, unknown>) =>
  api.call('PATCH', `/api/market/bookings/${id}`, { token: who.idToken, body });
const notifications = async (who: User) =>
  (await api.call('GET', '/api/notifications', { token: who.idToken })).body.notifications as {
    kind: string;
    title: string;
    data: { bookingId?: string };
  }[];
const calendar = async (reader: User, of: User) =>
  (await api.call('GET', `/sessions/user/${of.user.uid}`, { token: reader.idToken })).body;

beforeAll(async () => {
  api = await startTestApi();
  producer = await signUpUser(api, { username: 'mixer', name: 'Mix Engineer' });
  artist = await signUpUser(api, { username: 'singer', name: 'Singer Songwriter' });
  stranger = await signUpUser(api, { username: 'stranger', name: 'Some One' });
  const created = await api.call('POST', '/api/offers/create', {
    token: producer.idToken,
    body: {
      kind: 'mixing',
      title: 'Latin mixing',
      remote: true,
      genres: ['Latin'],
      rate: { amount: 150, currency: 'USD', per: 'song' },
      typicalMinutes: 60,
    },
  });
  offerId = created.body.offer.id;
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ day: weekday, start: '00:00', end: '24:00' }));
  await api.call('PUT', '/api/availability/mine', {
    token: producer.idToken,
    body: { timeZone: 'Europe/Berlin', weeklyHours: everyDay, blockedDays: [], bufferMinutes: 0 },
  });
});
afterAll(async () => {
  await api.close();
});

describe('booking from an offer', () => {
  it('files a pending request, follows the provider, and tells the provider in the centre', async () => {
    const res = await request(artist, slot(10));
    expect(res.status).toBe(201);
    expect(res.body.booking).toMatchObject({
      status: 'pending',
      offer: { title: 'Latin mixing', rate: { amount: 150, currency: 'USD', per: 'song' } },
      provider: { username: 'mixer' },
      requester: { username: 'singer' },
    });
    const following = await api.call('GET', '/api/user/my-following', { token: artist.idToken });
    expect(JSON.stringify(following.body)).toContain(producer.user.uid);
    const [told] = await notifications(producer);
    expect(told).toMatchObject({ kind: 'booking-requested', data: { bookingId: res.body.booking.id } });
    const mine = await api.call('GET', '/api/market/bookings/mine', { token: producer.idToken });
    expect(mine.body.incoming.map((b: { id: string }) => b.id)).toEqual([res.body.booking.id]);
  });

  it('refuses a slot outside free time, an unknown offer, and a malformed request, storing nothing', async () => {
    const before = (await api.call('GET', '/api/market/bookings/mine', { token: stranger.idToken })).body.outgoing;
    const past = {
      startTime: new Date(Date.now() - 2 * HOUR).toISOString(),
      endTime: new Date(Date.now() - HOUR).toISOString(),
    };
    expect((await request(stranger, past)).status).toBe(409);
    expect((await request(stranger, { ...slot(10), offerId: '999999' })).status).toBe(404);
    expect((await request(stranger, { ...slot(11), endTime: slot(10).startTime })).status).toBe(400);
    expect((await request(producer, slot(12))).status).toBe(400);
    expect((await api.call('GET', '/api/market/bookings/mine', { token: stranger.idToken })).body.outgoing).toEqual(
      before,
    );
  });

  it('lets a stranger neither see nor answer nor cancel someone else’s booking (404)', async () => {
    const { id } = (await request(artist, slot(14))).body.booking;
    expect((await api.call('GET', `/api/market/bookings/${id}`, { token: stranger.idToken })).status).toBe(404);
    for (const body of [
      { action: 'accept' },
      { action: 'decline', reason: 'no' },
      { action: 'cancel', reason: 'no' },
    ]) {
      expect((await act(stranger, id, body)).status).toBe(404);
    }
    // The requester cannot accept their own request.
    expect((await act(artist, id, { action: 'accept' })).status).toBe(403);
    expect((await api.call('GET', `/api/market/bookings/${id}`, { token: artist.idToken })).body.booking.status).toBe(
      'pending',
    );
  });

  it('declines with a reason the requester reads', async () => {
    const { id } = (await request(artist, slot(16))).body.booking;
    expect((await act(producer, id, { action: 'decline' })).status).toBe(400);
    const res = await act(producer, id, { action: 'decline', reason: 'Booked out that week' });
    expect(res.body.booking).toMatchObject({ status: 'declined', reason: 'Booked out that week' });
    expect((await notifications(artist))[0]).toMatchObject({ kind: 'booking-answered', data: { bookingId: id } });
    expect((await act(producer, id, { action: 'accept' })).status).toBe(409);
  });

  it('proposes another time, which the requester accepts: a private session on both calendars', async () => {
    const { id } = (await request(artist, slot(18))).body.booking;
    const proposed = await act(producer, id, { action: 'propose', ...slot(20), message: 'Later suits me' });
    expect(proposed.body.booking).toMatchObject({ status: 'proposed', proposedStartTime: slot(20).startTime });
    expect((await notifications(artist))[0]).toMatchObject({ kind: 'booking-proposed' });
    // Only the requester answers a proposal.
    expect((await act(producer, id, { action: 'accept-proposal' })).status).toBe(403);
    const accepted = await act(artist, id, { action: 'accept-proposal' });
    expect(accepted.body.booking).toMatchObject({ status: 'confirmed', startTime: slot(20).startTime });
    expect((await notifications(producer))[0]).toMatchObject({ kind: 'booking-answered', data: { bookingId: id } });
    const sessionId = accepted.body.booking.sessionId;
    for (const who of [producer, artist]) {
      const own = await calendar(who, who);
      expect(JSON.stringify(own)).toContain(`"_id":"${sessionId}"`);
    }
    expect(JSON.stringify(await calendar(stranger, producer))).not.toContain('Latin mixing');
    // The confirmed time is busy now: nobody can request it.
    expect((await request(stranger, slot(20))).status).toBe(409);
  });

  it('either side cancels with a reason; the session leaves both calendars and the other is told', async () => {
    const { id } = (await request(artist, slot(3))).body.booking;
    const confirmed = (await act(producer, id, { action: 'accept' })).body.booking;
    expect(confirmed.status).toBe('confirmed');
    const cancelled = await act(artist, id, { action: 'cancel', reason: 'Song not ready' });
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', reason: 'Song not ready' });
    expect(JSON.stringify(await calendar(producer, producer))).not.toContain(`"_id":"${confirmed.sessionId}"`);
    expect((await notifications(producer))[0]).toMatchObject({ kind: 'booking-cancelled' });
    expect((await request(stranger, slot(3))).status).toBe(201);
  });

  it("shows a studio's address to the requester once confirmed, and still to nobody else", async () => {
    const studio = await api.call('POST', '/api/offers/create', {
      token: producer.idToken,
      body: {
        kind: 'studio-time',
        title: 'Live room',
        remote: false,
        city: 'Berlin',
        studioAddress: 'Hidden Str. 1',
        rate: { amount: 40, currency: 'EUR', per: 'hour' },
        typicalMinutes: 120,
      },
    });
    const address = async (who: User) =>
      (await api.call('GET', `/api/offers/${studio.body.offer.id}`, { token: who.idToken })).body.offer.studioAddress;
    const booker = await signUpUser(api, { username: 'drummer', name: 'Drum Mer' });
    const { id } = (await request(booker, { ...slot(22, 2), offerId: studio.body.offer.id })).body.booking;
    expect(await address(booker)).toBeNull();
    await act(producer, id, { action: 'accept' });
    expect(await address(booker)).toBe('Hidden Str. 1');
    expect(await address(stranger)).toBeNull();
  });

  it('confirms exactly one of 10 overlapping requests confirmed at once; the others are declined and told', async () => {
    const requesters = [];
    for (let i = 0; i < 10; i += 1) requesters.push(await signUpUser(api, { username: `fan${i}`, name: `Fan ${i}` }));
    // Ten requests that all overlap one another: an hour each, starting five minutes apart from 06:00.
    const ids: string[] = [];
    for (const [i, who] of requesters.entries()) {
      const res = await request(who, slot(6 + (i * 5) / 60, 1));
      expect(res.status).toBe(201);
      ids.push(res.body.booking.id);
    }
    const answers = await Promise.all(ids.map((id) => act(producer, id, { action: 'accept' })));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    const incoming = (await api.call('GET', '/api/market/bookings/mine', { token: producer.idToken })).body
      .incoming as {
      id: string;
      status: string;
    }[];
    const mine = incoming.filter((booking) => ids.includes(booking.id));
    expect(mine.filter((booking) => booking.status === 'confirmed')).toHaveLength(1);
    expect(mine.filter((booking) => booking.status === 'declined')).toHaveLength(9);
    for (const [i, who] of requesters.entries()) {
      const told = await notifications(who);
      const winner = mine.find((booking) => booking.status === 'confirmed')!.id === ids[i];
      expect(told[0]).toMatchObject({ kind: 'booking-answered', data: { bookingId: ids[i] } });
      if (!winner) expect(told[0]!.title).toContain('booked by someone else');
    }
  });
});
