import {
  DEFAULT_BOOKING_TITLE,
  type BookingRequestBody,
  type IncomingBooking,
  type MyBookingsResponse,
  type OutgoingBooking,
  type PublicUser,
  type RespondBookingBody,
  type UserRef,
} from '@riffroom/protocol';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { Notifier } from '../notifications/notifier.js';
import type { BookingRequestsRepository, BookingRow } from '../repositories/booking-requests.js';
import type { FollowsRepository } from '../repositories/follows.js';
import type { UsersRepository } from '../repositories/users.js';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

function base(row: BookingRow) {
  return {
    _id: String(row.id),
    title: row.title,
    message: row.message,
    startTime: iso(row.start_at),
    endTime: iso(row.end_at),
    status: row.status,
    sessionId: row.session_id === null ? null : String(row.session_id),
    createdAt: iso(row.created_at),
  };
}

const refOf = (user: PublicUser | undefined): UserRef | null =>
  user ? { firebase_uid: user.firebase_uid, user_username: user.user_username, user_name: user.user_name } : null;

/** Where a booking notification leads: the Booking Requests modal on the calendar tab. */
export const BOOKING_REQUESTS_LINK = '/dashboard?tab=calendar&panel=booking-requests';
const handle = (user: PublicUser | undefined | null, fallback: string) => (user ? `@${user.user_username}` : fallback);

const alreadyAnswered = () => conflict('booking/already-answered', 'This booking request has already been answered.');

/** Booking requests: who may book whom, and who answers (spec parts 4 and 6). */
export class BookingService {
  constructor(
    private readonly bookings: BookingRequestsRepository,
    private readonly follows: FollowsRepository,
    private readonly users: UsersRepository,
    private readonly bus: EventBus,
    private readonly notifier: Notifier,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Asking again for the same time while a request is pending answers that request (`created`
   * false) and notifies nobody twice: a double click, a retry or a flood stores one request.
   */
  async request(callerUid: string, body: BookingRequestBody): Promise<{ booking: OutgoingBooking; created: boolean }> {
    if (body.targetUser === callerUid)
      throw badRequest('booking/invalid-target', 'targetUser: you cannot book yourself');
    const [requester, target] = await Promise.all([
      this.users.findPublic(callerUid),
      this.users.findPublic(body.targetUser),
    ]);
    if (!target) throw notFound('booking/invalid-target', 'targetUser: no such user');
    if (!requester) throw notFound('user/not-found', 'Create your profile before booking time.');
    if (!(await this.follows.isFollowing(callerUid, body.targetUser))) {
      throw forbidden('calendar/not-following', 'You can only book time with users you follow.');
    }
    const { row, created } = await this.bookings.insertOrFindPending(
      {
        requesterUid: callerUid,
        targetUid: body.targetUser,
        title: body.title || DEFAULT_BOOKING_TITLE,
        message: body.message,
        startAt: Date.parse(body.startTime),
        endAt: Date.parse(body.endTime),
      },
      this.now(),
    );
    if (created) {
      this.bus.publish({
        type: 'new-booking-request',
        toUid: body.targetUser,
        request: { ...base(row), requestedBy: refOf(requester) },
      });
      await this.notifier.notify({
        userId: body.targetUser,
        kind: 'booking-requested',
        title: `New booking request from ${handle(requester, 'Unknown User')}`,
        link: BOOKING_REQUESTS_LINK,
        data: { bookingId: String(row.id), startTime: iso(row.start_at), endTime: iso(row.end_at) },
      });
    }
    return { booking: { ...base(row), host: refOf(target) }, created };
  }

  /** Only the target answers, only once; an accepted request becomes a confirmed session for both. */
  async respond(callerUid: string, id: number, { action }: RespondBookingBody): Promise<IncomingBooking> {
    const row = await this.bookings.find(id);
    if (!row) throw notFound('booking/not-found', 'No such booking request.');
    if (row.target_uid !== callerUid) {
      throw forbidden('booking/not-target', 'Only the user who was asked can answer this booking request.');
    }
    if (row.status !== 'pending') throw alreadyAnswered();
    const session =
      action === 'accept'
        ? {
            hostUid: row.target_uid,
            bookedByUid: row.requester_uid,
            status: 'confirmed' as const,
            body: {
              title: row.title,
              description: row.message,
              startTime: iso(row.start_at),
              endTime: iso(row.end_at),
              // Between two people: others see only that the time is taken.
              visibility: 'private' as const,
              type: 'collaboration' as const,
              location: '',
              genre: '',
              price: 0,
              maxParticipants: null,
              equipment: [],
            },
          }
        : null;
    const answered = await this.bookings.answer(id, action === 'accept' ? 'accepted' : 'declined', session, this.now());
    if (!answered) throw alreadyAnswered();
    const updated = (await this.bookings.find(id))!;
    const [requester, host] = await Promise.all([
      this.users.findPublic(updated.requester_uid),
      this.users.findPublic(updated.target_uid),
    ]);
    this.bus.publish({
      type: 'booking-answered',
      toUid: updated.requester_uid,
      booking: { ...base(updated), host: refOf(host) },
    });
    await this.notifier.notify({
      userId: updated.requester_uid,
      kind: 'booking-answered',
      title: `Booking request ${updated.status === 'accepted' ? 'accepted' : 'declined'} by ${handle(host, 'Unknown Host')}`,
      link: BOOKING_REQUESTS_LINK,
      data: { bookingId: String(updated.id), status: updated.status },
    });
    return { ...base(updated), requestedBy: refOf(requester) };
  }

  async mine(uid: string): Promise<MyBookingsResponse> {
    const [incoming, outgoing] = await Promise.all([this.bookings.incoming(uid), this.bookings.outgoing(uid)]);
    const others = [...new Set([...incoming.map((r) => r.requester_uid), ...outgoing.map((r) => r.target_uid)])];
    const users = new Map((await this.users.findManyPublic(others)).map((user) => [user.firebase_uid, user]));
    return {
      incoming: incoming.map((row) => ({ ...base(row), requestedBy: refOf(users.get(row.requester_uid)) })),
      outgoing: outgoing.map((row) => ({ ...base(row), host: refOf(users.get(row.target_uid)) })),
    };
  }
}
