import type { CalendarEntry, JoinRequest, JoinRequestBody, Session, SessionBody } from '@riffroom/protocol';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { FollowsRepository } from '../repositories/follows.js';
import type { JoinRequestsRepository } from '../repositories/join-requests.js';
import type { SessionParticipantsRepository } from '../repositories/session-participants.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import type { UsersRepository } from '../repositories/users.js';
import type { Notifier } from '../notifications/notifier.js';
import { BOOKING_REQUESTS_LINK } from './bookings.js';
import type { BookingSessionEdits } from './market/booking-session-edits.js';
import type { MessageService } from './messages.js';
import { canSeeInFull, isParty, viewOf } from './visibility.js';

const sessionNotFound = () => notFound('session/not-found', 'No such session.');

/** Spells a session's start for the join-request note the owner receives; UTC, as the server knows no zone. */
const whenText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Sessions on calendars: who may create, change and see them, and join requests. */
export class SessionService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly joinRequests: JoinRequestsRepository,
    private readonly follows: FollowsRepository,
    private readonly users: UsersRepository,
    private readonly messages: MessageService,
    private readonly notifier: Notifier,
    private readonly participants: SessionParticipantsRepository,
    private readonly bookingSessions: BookingSessionEdits,
    private readonly now: () => number = Date.now,
  ) {}

  async create(callerUid: string, body: SessionBody): Promise<Session> {
    if (!(await this.users.findPublic(callerUid))) {
      throw notFound('user/not-found', 'Create your profile before adding sessions.');
    }
    // A session its owner puts on their own calendar is firm; 'pending' belongs to bookings.
    return this.sessions.insert({ hostUid: callerUid, bookedByUid: null, status: 'confirmed', body }, this.now());
  }

  async update(callerUid: string, id: number, body: SessionBody): Promise<Session> {
    await this.ownedSession(callerUid, id);
    // A booking's session moves its booking with it, and tells its people.
    const updated = (await this.bookingSessions.update(id, body)) ?? (await this.sessions.update(id, body, this.now()));
    if (!updated) throw sessionNotFound();
    return updated;
  }

  async cancel(callerUid: string, id: number): Promise<void> {
    await this.ownedSession(callerUid, id);
    // Deleting a booking's session would leave the booking confirmed, its room open and the
    // requester untold: it is cancelled from the booking, with a reason the requester gets.
    if (await this.sessions.isConfirmedBooking(id)) {
      throw conflict('session/is-booking', 'This session is a booking: use Cancel booking, with a reason.');
    }
    await this.sessions.remove(id);
  }

  /** A user's calendar as `readerUid` may see it (the visibility matrix). */
  async calendarOf(readerUid: string, ownerUid: string): Promise<CalendarEntry[]> {
    if (!(await this.users.findPublic(ownerUid))) throw notFound('user/not-found', 'No such user.');
    const sessions = await this.sessions.onCalendarOf(ownerUid);
    const hosts = new Set(sessions.map((session) => session.host).filter((host) => host !== readerUid));
    const followed = new Set<string>();
    for (const host of hosts) if (await this.follows.isFollowing(readerUid, host)) followed.add(host);
    const joined = new Set((await this.participants.sessionIdsOf(readerUid)).map(String));
    const reader = {
      uid: readerUid,
      followsHost: (host: string) => followed.has(host),
      joined: (sessionId: string) => joined.has(sessionId),
    };
    return sessions.flatMap((session) => viewOf(session, reader) ?? []);
  }

  /** Spec part 6 and issue 4: only followed hosts' sessions the caller sees in full, never one's own, once. */
  async requestToJoin(callerUid: string, id: number, body: JoinRequestBody): Promise<JoinRequest> {
    const session = await this.sessions.find(id);
    if (!session) throw sessionNotFound();
    if (isParty(session, callerUid)) throw badRequest('session/own-session', 'This is your own session.');
    const followsHost = await this.follows.isFollowing(callerUid, session.host);
    if (!canSeeInFull(session, { uid: callerUid, followsHost: () => followsHost })) {
      throw forbidden('session/not-visible', 'You cannot join this session.');
    }
    if (!followsHost) throw forbidden('calendar/not-following', 'Follow the host to ask to join their sessions.');
    if (await this.participants.isParticipant(id, callerUid)) {
      throw conflict('join/already-joined', 'You are already in this session.');
    }
    if (await this.joinRequests.hasPending(id, callerUid)) {
      throw conflict('join/already-requested', 'You have already asked to join this session.');
    }
    // The owner is told through a direct message: it lasts, and reaches their sockets as new-message.
    // The request and its message are one transaction: never a request its owner was not told of.
    const note = body.message ? `: ${body.message}` : '.';
    let request: JoinRequest | undefined;
    await this.messages.send(
      callerUid,
      { to_uid: session.host, content: `Join request for "${session.title}" on ${whenText(session.startTime)}${note}` },
      async (tx) => {
        request = await this.joinRequests.insertIn(tx, id, callerUid, body.message, this.now());
      },
    );
    const requester = await this.users.findPublic(callerUid);
    await this.notifier.notify({
      userId: session.host,
      kind: 'join-requested',
      title: `${requester ? `@${requester.user_username}` : 'Someone'} asks to join "${session.title}"`,
      // Booking Requests, where the owner accepts or declines it (issue 35, item 7).
      link: BOOKING_REQUESTS_LINK,
      data: { sessionId: String(id), joinRequestId: request!._id },
    });
    return request!;
  }

  private async ownedSession(callerUid: string, id: number): Promise<Session> {
    const session = await this.sessions.find(id);
    if (!session) throw sessionNotFound();
    if (session.host !== callerUid) throw forbidden('session/not-owner', 'Only the owner can change this session.');
    return session;
  }
}
