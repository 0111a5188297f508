import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ROOM_MESSAGE } from '@riffroom/protocol';
import { confirmedBooking, publishAllDayOffer } from '../testing/market-fixture.js';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let producer: User;
let artist: User;
let engineer: User;
let drummer: User;
let stranger: User;
let offerId: string;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const follow = (who: User, whom: User) => api.call('POST', `/api/user/follow/${whom.user.uid}`, { token: who.idToken });
const add = (who: User, bookingId: string, username: string) =>
  api.call('POST', `/api/market/bookings/${bookingId}/participants`, { token: who.idToken, body: { username } });
const remove = (who: User, bookingId: string, uid: string) =>
  api.call('DELETE', `/api/market/bookings/${bookingId}/participants/${uid}`, { token: who.idToken });
const openRoom = (who: User, bookingId: string) =>
  api.call('POST', `/api/market/bookings/${bookingId}/room`, { token: who.idToken });
const kindsOf = async (who: User) =>
  ((await api.call('GET', '/api/notifications', { token: who.idToken })).body.notifications as { kind: string }[]).map(
    (item) => item.kind,
  );
const book = (startsInMs: number, minutes = 30) =>
  confirmedBooking(api, { offerId, requester: artist, provider: producer }, startsInMs, minutes);

beforeAll(async () => {
  api = await startTestApi({ maxBookingParticipants: 2 });
  producer = await signUpUser(api, { username: 'addhost', name: 'Add Host' });
  artist = await signUpUser(api, { username: 'addartist', name: 'Add Artist' });
  engineer = await signUpUser(api, { username: 'addengineer', name: 'Add Engineer' });
  drummer = await signUpUser(api, { username: 'adddrummer', name: 'Add Drummer' });
  stranger = await signUpUser(api, { username: 'addstranger', name: 'Add Stranger' });
  for (const fan of [engineer, drummer, stranger]) expect((await follow(fan, producer)).status).toBe(204);
  offerId = await publishAllDayOffer(api, producer);
});
afterAll(async () => {
  await api?.close();
});

describe('people a provider adds to a confirmed booking', () => {
  it('see it among their bookings and on their calendar, are told, and join its room as participants', async () => {
    const booking = await book(5 * MINUTE);
    const added = await add(producer, booking.id, engineer.username);
    expect(added.status).toBe(200);
    expect(added.body.booking.participants).toEqual([
      { uid: engineer.user.uid, name: engineer.name, username: engineer.username },
    ]);
    expect(await kindsOf(engineer)).toContain('booking-added');
    const mine = await api.call('GET', '/api/market/bookings/mine', { token: engineer.idToken });
    expect(mine.body.joined.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const calendar = await api.call('GET', `/sessions/user/${producer.user.uid}`, { token: engineer.idToken });
    expect(calendar.body).toContainEqual(expect.objectContaining({ _id: booking.sessionId, title: 'Vocal session' }));

    const hosted = await openRoom(producer, booking.id);
    const joined = await openRoom(engineer, booking.id);
    expect(joined.body).toEqual({ roomId: hosted.body.roomId, role: 'participant' });
    const inRoom = await api.call('POST', `/api/rooms/${hosted.body.roomId}/join`, {
      token: engineer.idToken,
      body: { role: 'participant' },
    });
    expect(inRoom.status).toBe(200);

    // Removed, they are out: the booking is a stranger's again and its room refuses them.
    expect((await remove(producer, booking.id, engineer.user.uid)).body.booking.participants).toEqual([]);
    expect((await openRoom(engineer, booking.id)).status).toBe(404);
    const again = await api.call('POST', `/api/rooms/${hosted.body.roomId}/join`, {
      token: engineer.idToken,
      body: { role: 'participant' },
    });
    expect(again).toEqual({ status: 403, body: { error: { code: 'room/private', message: PRIVATE_ROOM_MESSAGE } } });
  });

  it('are added by the provider alone, only if they follow the provider, and at most the setting allows', async () => {
    const booking = await book(2 * DAY);
    const refusal = async (who: User, username: string) => (await add(who, booking.id, username)).body.error?.code;
    expect(await refusal(stranger, drummer.username)).toBe('booking/not-found');
    expect(await refusal(artist, drummer.username)).toBe('booking/not-target');
    expect(await refusal(producer, 'nobodyhere')).toBe('user/not-found');
    expect(await refusal(producer, artist.username)).toBe('booking/already-in');
    // The artist follows the producer (booking followed them), but not the other way round: who
    // follows whom is what counts, and a person who never followed the provider cannot be added.
    const outsider = await signUpUser(api, { username: 'addoutsider' });
    expect(await refusal(producer, outsider.username)).toBe('booking/not-follower');
    expect(await kindsOf(outsider)).toEqual([]);
    expect((await add(producer, booking.id, engineer.username)).status).toBe(200);
    expect(await refusal(producer, engineer.username)).toBe('booking/already-in');
    expect((await add(producer, booking.id, drummer.username)).status).toBe(200);
    expect(await refusal(producer, stranger.username)).toBe('booking/full');
    const seen = await api.call('GET', `/api/market/bookings/${booking.id}`, { token: artist.idToken });
    expect(seen.body.booking.participants.map((p: { username: string }) => p.username)).toEqual([
      engineer.username,
      drummer.username,
    ]);
    // Nor can a stranger remove them.
    expect((await remove(stranger, booking.id, engineer.user.uid)).status).toBe(404);
    expect((await remove(artist, booking.id, engineer.user.uid)).status).toBe(403);
  });
});

describe("editing a booking's session", () => {
  const sessionBody = (booking: { startTime: string; endTime: string }, changes: Record<string, unknown> = {}) => ({
    title: 'Vocal session',
    description: 'Vocal comping',
    startTime: booking.startTime,
    endTime: booking.endTime,
    visibility: 'private',
    type: 'recording',
    location: '',
    genre: '',
    price: 20,
    maxParticipants: null,
    equipment: [],
    ...changes,
  });
  const edit = (booking: { sessionId: string }, body: unknown) =>
    api.call('PUT', `/sessions/${booking.sessionId}`, { token: producer.idToken, body });

  it('moves the booking with it, and tells the requester and the added people', async () => {
    const booking = await book(3 * DAY);
    await add(producer, booking.id, drummer.username);
    const later = Date.parse(booking.startTime) + DAY;
    const moved = await edit(
      booking,
      sessionBody(booking, {
        startTime: new Date(later).toISOString(),
        endTime: new Date(later + 45 * MINUTE).toISOString(),
      }),
    );
    expect(moved.status).toBe(200);
    const seen = await api.call('GET', `/api/market/bookings/${booking.id}`, { token: artist.idToken });
    expect(seen.body.booking).toMatchObject({
      status: 'confirmed',
      startTime: new Date(later).toISOString(),
      endTime: new Date(later + 45 * MINUTE).toISOString(),
      roomOpensAt: new Date(later - 10 * MINUTE).toISOString(),
    });
    expect(await kindsOf(artist)).toContain('booking-moved');
    expect(await kindsOf(drummer)).toContain('booking-moved');
  });

  it('keeps it private, and never moves it to a time that has started', async () => {
    const booking = await book(6 * DAY);
    const shown = await edit(booking, sessionBody(booking, { visibility: 'public' }));
    expect(shown.body.error.code).toBe('session/booking-private');
    const past = await edit(
      booking,
      sessionBody(booking, {
        startTime: new Date(Date.now() - DAY).toISOString(),
        endTime: new Date(Date.now() - DAY + 30 * MINUTE).toISOString(),
      }),
    );
    expect(past.body.error.code).toBe('booking/move-to-past');
    const unchanged = await api.call('GET', `/api/market/bookings/${booking.id}`, { token: artist.idToken });
    expect(unchanged.body.booking.startTime).toBe(booking.startTime);
    // A change of title alone moves nothing and tells no one.
    const before = (await kindsOf(artist)).filter((kind) => kind === 'booking-moved').length;
    expect((await edit(booking, sessionBody(booking, { title: 'Vocals, take two' }))).status).toBe(200);
    expect((await kindsOf(artist)).filter((kind) => kind === 'booking-moved').length).toBe(before);
  });
});
