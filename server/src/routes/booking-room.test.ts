import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ROOM_NOT_YET_MESSAGE, PRIVATE_ROOM_MESSAGE } from '@riffroom/protocol';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server.js';
import { until } from '../../../tests/support/until.js';
import { confirmedBooking, publishAllDayOffer } from '../testing/market-fixture.js';
import { signUpUser, startTestApi, type TestApi } from '../testing/test-api.js';

type User = Awaited<ReturnType<typeof signUpUser>>;
let api: TestApi;
let smtp: TestSmtpServer;
let producer: User;
let artist: User;
let stranger: User;
let friend: User;
let offerId: string;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const confirmed = async (startsInMs: number, minutes = 30) => {
  const booking = await confirmedBooking(api, { offerId, requester: artist, provider: producer }, startsInMs, minutes);
  return { id: booking.id, booking };
};
const openRoom = (who: User, id: string) => api.call('POST', `/api/market/bookings/${id}/room`, { token: who.idToken });
const joinRoom = (who: User, roomId: string) =>
  api.call('POST', `/api/rooms/${roomId}/join`, { token: who.idToken, body: { role: 'participant' } });

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  api = await startTestApi({ notifications: { smtpUrl: smtp.url, mailFrom: 'Riffroom <studio@example.test>' } });
  producer = await signUpUser(api, { username: 'roomhost', name: 'Room Host' });
  artist = await signUpUser(api, { username: 'roomartist', name: 'Room Artist' });
  stranger = await signUpUser(api, { username: 'roomstranger', name: 'Room Stranger' });
  friend = await signUpUser(api, { username: 'roomfriend', name: 'Room Friend' });
  // The producer follows a friend: a plain private room would let them in, a booking's room does not.
  await api.call('POST', `/api/user/follow/${friend.user.uid}`, { token: producer.idToken });
  offerId = await publishAllDayOffer(api, producer);
});
afterAll(async () => {
  await api?.close();
  await smtp?.stop();
});

const mailsTo = (who: User) => smtp.received().filter((mail) => mail.to.includes(`${who.username}@example.test`));

describe("a confirmed booking's own room", () => {
  it('is closed before its window, with a clear message, and says when it opens', async () => {
    const { id, booking } = await confirmed(7 * DAY);
    expect(Date.parse(booking.startTime) - Date.parse(booking.roomOpensAt)).toBe(10 * MINUTE);
    const early = await openRoom(producer, id);
    expect(early).toEqual({
      status: 409,
      body: { error: { code: 'booking/room-closed', message: BOOKING_ROOM_NOT_YET_MESSAGE(10) } },
    });
  });

  // One booking starting in five minutes (its window is open), used by the tests below in turn.
  let soon: Awaited<ReturnType<typeof confirmed>>;

  it('opens 10 minutes before: the provider hosts it, the requester joins the same room as a participant', async () => {
    soon = await confirmed(5 * MINUTE);
    const { id } = soon;
    const asHost = await openRoom(producer, id);
    expect(asHost.status).toBe(200);
    expect(asHost.body.role).toBe('host');
    const asArtist = await openRoom(artist, id);
    expect(asArtist.body).toEqual({ roomId: asHost.body.roomId, role: 'participant' });
    const roomId = asHost.body.roomId as string;

    const room = await api.call('GET', `/api/rooms/${roomId}`, { token: artist.idToken });
    expect(room.body.room).toMatchObject({
      host: { firebase_uid: producer.user.uid },
      settings: { isPublic: false, allowGuestAccess: false },
    });
    const joined = await joinRoom(artist, roomId);
    expect(joined.status).toBe(200);
    expect(joined.body.role).toBe('participant');
    // Start Hosting does not resume a booking's room: it is opened from the booking only.
    const live = await api.call('GET', '/api/rooms/live/mine', { token: producer.idToken });
    expect(live.body.room).toBeNull();
  });

  it('reminds both parties at once when confirmed less than 15 minutes ahead: bell and email, once', async () => {
    for (const who of [producer, artist]) {
      const mail = await until(
        () => mailsTo(who).find((m) => m.subject === 'Reminder: Vocal session starts in 15 minutes'),
        {
          what: `the reminder mail to ${who.username}`,
        },
      );
      expect(mail.text).toContain('Reminder: Vocal session starts in 15 minutes');
      const bell = await api.call('GET', '/api/notifications', { token: who.idToken });
      const reminders = (bell.body.notifications as { kind: string; data: { bookingId?: string } }[]).filter(
        (item) => item.kind === 'booking-reminder' && item.data.bookingId === soon.id,
      );
      expect(reminders).toHaveLength(1);
    }
  });

  it('admits no stranger: not the booking (404), not the room (403), not even someone the host follows', async () => {
    const { id } = soon;
    const roomId = (await openRoom(producer, id)).body.roomId as string;
    expect(await openRoom(stranger, id)).toEqual({
      status: 404,
      body: { error: { code: 'booking/not-found', message: 'No such booking.' } },
    });
    const refusal = { status: 403, body: { error: { code: 'room/private', message: PRIVATE_ROOM_MESSAGE } } };
    for (const outsider of [stranger, friend]) {
      expect(await joinRoom(outsider, roomId)).toEqual(refusal);
      expect(await api.call('GET', `/api/rooms/${roomId}`, { token: outsider.idToken })).toEqual(refusal);
    }
    expect((await api.call('GET', `/api/rooms/${roomId}`)).status).toBe(403);
  });

  it("refuses to delete the booking's session from the calendar: the booking is cancelled instead", async () => {
    const removed = await api.call('DELETE', `/sessions/${soon.booking.sessionId}`, { token: producer.idToken });
    expect(removed).toMatchObject({ status: 409, body: { error: { code: 'session/is-booking' } } });
  });

  it('once cancelled, its room ends, cannot be opened again, and the session leaves both calendars', async () => {
    const { id, booking } = soon;
    const roomId = (await openRoom(producer, id)).body.roomId as string;
    const cancelled = await api.call('PATCH', `/api/market/bookings/${id}`, {
      token: artist.idToken,
      body: { action: 'cancel', reason: 'Sick today' },
    });
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', reason: 'Sick today', roomOpensAt: null });
    expect((await joinRoom(artist, roomId)).status).toBe(404);
    expect(await openRoom(artist, id)).toMatchObject({ status: 409, body: { error: { code: 'booking/room-closed' } } });
    const told = await api.call('GET', '/api/notifications', { token: producer.idToken });
    expect(told.body.notifications[0]).toMatchObject({ kind: 'booking-cancelled', data: { bookingId: id } });
    await until(() => mailsTo(producer).some((mail) => mail.subject === 'Vocal session: cancelled'), {
      what: 'the cancellation mail to the provider',
    });
    for (const who of [producer, artist]) {
      const calendar = await api.call('GET', `/sessions/user/${who.user.uid}`, { token: who.idToken });
      expect(JSON.stringify(calendar.body)).not.toContain(`"${booking.sessionId}"`);
    }
  });
});
