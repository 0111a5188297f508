/**
 * Issue 35 item 5: a confirmed booking's room is private to its two parties and the people the
 * provider added. A stranger, someone the provider follows (whom a plain private room would admit),
 * and an anonymous guest get nothing of it, over HTTP or over the media node's socket; the parties
 * and added people get in, a removed one no longer; a cancel shuts it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_ROOM_MESSAGE } from '@riffroom/protocol';
import { confirmedBooking, publishAllDayOffer } from '../../server/src/testing/market-fixture.js';
import { useRoomBox } from '../support/room-box.js';
import { ask } from '../support/room-sockets.js';

const { box, sockets, people } = useRoomBox({
  provider: 'Paula Provider',
  artist: 'Arturo Artist',
  stranger: 'Stan Stranger',
  friend: 'Fran Friend',
});
let bookingId: string;
let roomId: string;
beforeAll(async () => {
  const { provider, artist, friend } = people;
  expect((await box.call('POST', `/api/user/follow/${friend.user.uid}`, { token: provider.idToken })).status).toBe(204);
  const offerId = await publishAllDayOffer(box, provider, 'Mixdown');
  bookingId = (await confirmedBooking(box, { offerId, requester: artist, provider }, 5 * 60_000)).id;
  const opened = await box.call('POST', `/api/market/bookings/${bookingId}/room`, { token: provider.idToken });
  expect(opened.body.role).toBe('host');
  roomId = opened.body.roomId;
});

const refusal = { error: { code: 'room/private', message: PRIVATE_ROOM_MESSAGE } };

describe("a booking's room", () => {
  it('refuses an outsider the booking (404), and the room over HTTP (403)', async () => {
    const { stranger, friend } = people;
    for (const outsider of [stranger, friend]) {
      const open = await box.call('POST', `/api/market/bookings/${bookingId}/room`, { token: outsider.idToken });
      expect(open).toEqual({
        status: 404,
        body: { error: { code: 'booking/not-found', message: 'No such booking.' } },
      });
      const join = await box.call('POST', `/api/rooms/${roomId}/join`, {
        token: outsider.idToken,
        body: { role: 'participant' },
      });
      expect(join).toEqual({ status: 403, body: refusal });
    }
    expect(await box.call('GET', `/api/rooms/${roomId}`)).toEqual({ status: 403, body: refusal });
  });

  it('refuses an outsider’s and an anonymous guest’s socket join, and lets both parties in', async () => {
    const { provider, artist, stranger, friend } = people;
    for (const token of [stranger.idToken, friend.idToken, undefined]) {
      const socket = await sockets.connect(token);
      expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: false, code: 'room/private' });
      expect(await ask(socket, 'chat', { roomId, message: 'let me in' })).toMatchObject({ code: 'room/not-joined' });
    }
    for (const token of [provider.idToken, artist.idToken]) {
      const socket = await sockets.connect(token);
      expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: true });
    }
  });

  it('lets in over the socket a follower the provider added, and no longer once removed', async () => {
    const { provider, stranger } = people;
    expect((await box.call('POST', `/api/user/follow/${provider.user.uid}`, { token: stranger.idToken })).status).toBe(
      204,
    );
    const added = await box.call('POST', `/api/market/bookings/${bookingId}/participants`, {
      token: provider.idToken,
      body: { username: stranger.username },
    });
    expect(added.status).toBe(200);
    const inside = await sockets.connect(stranger.idToken);
    expect(await ask(inside, 'join-room', { roomId })).toMatchObject({ ok: true });
    await box.call('DELETE', `/api/market/bookings/${bookingId}/participants/${stranger.user.uid}`, {
      token: provider.idToken,
    });
    const outside = await sockets.connect(stranger.idToken);
    expect(await ask(outside, 'join-room', { roomId })).toMatchObject({ ok: false, code: 'room/private' });
  });

  it('is shut once the booking is cancelled: the requester can neither open nor join it', async () => {
    const { provider, artist } = people;
    const cancelled = await box.call('PATCH', `/api/market/bookings/${bookingId}`, {
      token: provider.idToken,
      body: { action: 'cancel', reason: 'Studio flooded' },
    });
    expect(cancelled.body.booking.status).toBe('cancelled');
    const socket = await sockets.connect(artist.idToken);
    expect(await ask(socket, 'join-room', { roomId })).toMatchObject({ ok: false });
    const open = await box.call('POST', `/api/market/bookings/${bookingId}/room`, { token: artist.idToken });
    expect(open.status).toBe(409);
  });
});
