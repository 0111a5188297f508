import type { MarketBooking } from '@riffroom/protocol';
import type { Db } from '../../db/connect.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { Notifier } from '../../notifications/notifier.js';
import type { FollowsRepository } from '../../repositories/follows.js';
import { marketBookingsRepository, type MarketBookingRow } from '../../repositories/market-bookings.js';
import { sessionParticipantsRepository } from '../../repositories/session-participants.js';
import type { UsersRepository } from '../../repositories/users.js';
import { BOOKING_REQUESTS_LINK } from '../bookings.js';
import { BookingViews } from './booking-view.js';

const noSuchBooking = () => notFound('booking/not-found', 'No such booking.');

/**
 * People a provider adds to a confirmed booking (issue 35 item 5: "the provider may add
 * participants"): an assistant engineer, the band's other members. They see the session on their
 * calendar, are told by toast, bell and email, and the booking's room admits them as participants
 * (booking-room.ts). Only someone who follows the provider can be added, so a provider cannot make
 * the server notify and mail strangers; at most `maxParticipants` per booking.
 */
export class BookingParticipantService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly follows: FollowsRepository,
    private readonly notifier: Notifier,
    private readonly limits: { maxParticipants: number; roomOpensMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async add(callerUid: string, bookingId: number, username: string): Promise<MarketBooking> {
    const row = await this.changeableBy(callerUid, bookingId);
    const person = await this.users.findByUsername(username);
    if (!person) throw notFound('user/not-found', 'No such user.');
    const uid = person.firebase_uid;
    if (uid === row.provider_uid || uid === row.requester_uid) {
      throw badRequest('booking/already-in', 'This person is already in the booking.');
    }
    if (!(await this.follows.isFollowing(uid, row.provider_uid))) {
      throw forbidden('booking/not-follower', 'Only people who follow you can be added to a booking.');
    }
    const participants = sessionParticipantsRepository(this.db);
    const sessionId = Number(row.session_id);
    if (await participants.isParticipant(sessionId, uid)) {
      throw conflict('booking/already-in', 'This person is already in the booking.');
    }
    if ((await participants.countOf(sessionId)) >= this.limits.maxParticipants) {
      throw conflict('booking/full', `A booking takes at most ${this.limits.maxParticipants} added people.`);
    }
    await participants.add(sessionId, uid, this.now());
    const provider = await this.users.findPublic(row.provider_uid);
    await this.notifier.notify({
      userId: uid,
      kind: 'booking-added',
      title: `${provider?.user_name || provider?.user_username || 'Your host'} added you to ${row.offer_title}`,
      link: BOOKING_REQUESTS_LINK,
      data: { bookingId: String(row.id), sessionId: String(sessionId), source: 'market' },
    });
    return this.view(row);
  }

  async remove(callerUid: string, bookingId: number, uid: string): Promise<MarketBooking> {
    const row = await this.changeableBy(callerUid, bookingId);
    if (!(await sessionParticipantsRepository(this.db).remove(Number(row.session_id), uid))) {
      throw notFound('booking/not-participant', 'This person is not in the booking.');
    }
    return this.view(row);
  }

  /** The booking, if the caller is its provider and it is confirmed and not over. */
  private async changeableBy(callerUid: string, bookingId: number): Promise<MarketBookingRow> {
    const row = await marketBookingsRepository(this.db).find(bookingId);
    // A stranger learns nothing: the same 404 as for a booking that does not exist.
    if (!row || (row.provider_uid !== callerUid && row.requester_uid !== callerUid)) throw noSuchBooking();
    if (row.provider_uid !== callerUid) {
      throw forbidden('booking/not-target', 'Only the provider adds or removes people.');
    }
    if (row.status !== 'confirmed' || row.session_id === null || Number(row.end_at) <= this.now()) {
      throw conflict('booking/not-open', 'People can be added only to a confirmed booking that has not ended.');
    }
    return row;
  }

  private view(row: MarketBookingRow): Promise<MarketBooking> {
    return new BookingViews(this.db, this.users, this.limits.roomOpensMs).one(row);
  }
}
