import type {
  MarketBooking,
  MarketBookingAction,
  MarketBookingBody,
  MarketBookingsResponse,
  NotificationKind,
} from '@riffroom/protocol';
import type { Db } from '../../db/connect.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { Notifier } from '../../notifications/notifier.js';
import { availabilityRepository } from '../../repositories/availability.js';
import type { FollowsRepository } from '../../repositories/follows.js';
import { marketBookingsRepository, OPEN_STATUSES, type MarketBookingRow } from '../../repositories/market-bookings.js';
import type { OffersRepository } from '../../repositories/offers.js';
import { sessionsRepository } from '../../repositories/sessions.js';
import type { UsersRepository } from '../../repositories/users.js';
import { BOOKING_REQUESTS_LINK } from '../bookings.js';
import type { AvailabilityService } from './availability.js';
import { BookingViews, sessionTypeOf } from './booking-view.js';
import { queueBookingReminders } from './booking-reminders.js';
import { isFreeSlot } from './free-slots.js';

/** What an overlapping request that lost its time is told. */
export const SLOT_TAKEN_REASON = 'This time was booked by someone else.';

const noSuchBooking = () => notFound('booking/not-found', 'No such booking.');
const slotTaken = () => conflict('booking/slot-taken', 'That time is no longer free. Please pick another slot.');
const wrongState = () => conflict('booking/already-answered', 'This booking has already been answered.');

export interface MarketBookingLimits {
  /** Requests one person may have waiting for an answer at once (MAX_OPEN_BOOKING_REQUESTS). */
  maxOpenRequests: number;
  /** How long before the start Join room opens (BOOKING_ROOM_OPENS_MINUTES); 10 minutes unless set. */
  roomOpensMs?: number;
}

const DEFAULT_ROOM_OPENS_MS = 10 * 60_000;

/**
 * Booking from an offer (issue 35): request, answer (accept, decline with a reason, propose another
 * time that the requester answers), cancel. The slot is checked when requested and again when
 * confirmed; confirming runs in one transaction that also declines the provider's overlapping open
 * requests, so of any number of concurrent confirms of overlapping times exactly one wins.
 */
export class MarketBookingService {
  constructor(
    private readonly db: Db,
    private readonly offers: OffersRepository,
    private readonly users: UsersRepository,
    private readonly follows: FollowsRepository,
    private readonly availability: AvailabilityService,
    private readonly notifier: Notifier,
    private readonly limits: MarketBookingLimits,
    private readonly now: () => number = Date.now,
    /** Called after a cancel commits (the booking's room ends: booking-room.ts). */
    private readonly onCancelled: (bookingId: number) => Promise<void> = async () => {},
  ) {}

  private readonly bookings = () => marketBookingsRepository(this.db);
  private get roomOpensMs(): number {
    return this.limits.roomOpensMs ?? DEFAULT_ROOM_OPENS_MS;
  }

  async request(callerUid: string, body: MarketBookingBody): Promise<MarketBooking> {
    const offer = await this.offers.find(Number(body.offerId));
    if (!offer || offer.paused) throw notFound('offer/not-found', 'No such offer.');
    if (offer.owner_uid === callerUid) throw badRequest('booking/invalid-target', 'You cannot book your own offer.');
    const requester = await this.users.findPublic(callerUid);
    if (!requester) throw notFound('user/not-found', 'Create your profile before booking time.');
    const slot = { start: Date.parse(body.startTime), end: Date.parse(body.endTime) };
    if (!(await this.availability.isFree(offer.owner_uid, slot))) throw slotTaken();
    if ((await this.bookings().openCountOf(callerUid)) >= this.limits.maxOpenRequests) {
      throw new AppError(
        429,
        'rate/limited',
        `You have ${this.limits.maxOpenRequests} requests waiting for an answer; wait for one before sending more.`,
      );
    }
    // You book people you follow (spec part 6): booking from an offer follows its owner.
    const at = this.now();
    if (!(await this.follows.isFollowing(callerUid, offer.owner_uid)))
      await this.follows.add(callerUid, offer.owner_uid, at);
    const row = await this.bookings().insert({
      offer_id: offer.id,
      offer_kind: offer.kind,
      offer_title: offer.title,
      rate_cents: offer.rate_cents,
      currency: offer.currency,
      rate_per: offer.rate_per,
      requester_uid: callerUid,
      provider_uid: offer.owner_uid,
      start_at: slot.start,
      end_at: slot.end,
      message: body.message,
      status: 'pending',
      proposed_start_at: null,
      proposed_end_at: null,
      reason: '',
      session_id: null,
      created_at: at,
      updated_at: at,
    });
    await this.tell(
      offer.owner_uid,
      'booking-requested',
      `${requester.user_name || requester.user_username} requested ${offer.title}`,
      row,
    );
    return this.view(row);
  }

  /**
   * The caller's bookings, newest first: incoming (they provide), outgoing (they requested) and
   * joined (a provider added them to the booking's session).
   */
  async mine(uid: string): Promise<MarketBookingsResponse> {
    const [incoming, outgoing, joined] = await Promise.all([
      this.bookings().ofProvider(uid),
      this.bookings().ofRequester(uid),
      this.bookings().ofParticipant(uid),
    ]);
    // One view of all three lists: their names and participants load in one query each, not three.
    const all = await this.views().many([...incoming, ...outgoing, ...joined]);
    return {
      incoming: all.slice(0, incoming.length),
      outgoing: all.slice(incoming.length, incoming.length + outgoing.length),
      joined: all.slice(incoming.length + outgoing.length),
    };
  }

  /** One booking, to its parties only: anyone else is told it does not exist. */
  async get(callerUid: string, id: number): Promise<MarketBooking> {
    return this.view(await this.partyRow(callerUid, id));
  }

  async act(callerUid: string, id: number, action: MarketBookingAction): Promise<MarketBooking> {
    const row = await this.partyRow(callerUid, id);
    const isProvider = row.provider_uid === callerUid;
    const onlyProvider = () => {
      if (!isProvider) throw forbidden('booking/not-target', 'Only the provider answers this request.');
    };
    const onlyRequester = () => {
      if (isProvider) throw forbidden('booking/not-target', 'Only the requester answers a proposed time.');
    };
    const at = this.now();
    switch (action.action) {
      case 'accept':
        onlyProvider();
        await this.confirm(row, ['pending'], { start: Number(row.start_at), end: Number(row.end_at) });
        break;
      case 'accept-proposal':
        onlyRequester();
        if (row.proposed_start_at === null || row.proposed_end_at === null) throw wrongState();
        await this.confirm(row, ['proposed'], {
          start: Number(row.proposed_start_at),
          end: Number(row.proposed_end_at),
        });
        break;
      case 'decline':
        onlyProvider();
        await this.move(row, ['pending'], { status: 'declined', reason: action.reason, updated_at: at });
        await this.tell(row.requester_uid, 'booking-answered', `${row.offer_title}: declined`, row);
        break;
      case 'decline-proposal':
        onlyRequester();
        await this.move(row, ['proposed'], { status: 'declined', reason: action.reason, updated_at: at });
        await this.tell(row.provider_uid, 'booking-answered', `${row.offer_title}: the other time was declined`, row);
        break;
      case 'propose': {
        onlyProvider();
        const slot = { start: Date.parse(action.startTime), end: Date.parse(action.endTime) };
        if (!(await this.availability.isFree(row.provider_uid, slot))) throw slotTaken();
        await this.move(row, ['pending'], {
          status: 'proposed',
          proposed_start_at: slot.start,
          proposed_end_at: slot.end,
          reason: action.message,
          updated_at: at,
        });
        await this.tell(row.requester_uid, 'booking-proposed', `${row.offer_title}: another time was proposed`, row);
        break;
      }
      case 'cancel':
        await this.cancel(row, callerUid, action.reason);
        break;
    }
    return this.view((await this.bookings().find(id))!);
  }

  private async cancel(row: MarketBookingRow, callerUid: string, reason: string): Promise<void> {
    if (Number(row.end_at) <= this.now()) throw conflict('booking/already-answered', 'This booking has already ended.');
    await this.db.transaction(async (trx) => {
      const moved = await marketBookingsRepository(trx).transition(row.id, [...OPEN_STATUSES, 'confirmed'], {
        status: 'cancelled',
        reason,
        updated_at: this.now(),
      });
      if (!moved) throw wrongState();
      if (row.session_id !== null) await sessionsRepository(trx).remove(row.session_id);
    });
    await this.onCancelled(row.id);
    const other = callerUid === row.provider_uid ? row.requester_uid : row.provider_uid;
    await this.tell(other, 'booking-cancelled', `${row.offer_title}: cancelled`, row);
  }

  /**
   * Confirms `row` for `slot` if it is still in one of `from` and the slot is still free, creating
   * the session on both calendars and declining the provider's overlapping open requests, in one
   * transaction. On PostgreSQL the provider's working-hours row is locked first, so confirms of
   * one provider run one at a time; SQLite runs one write transaction at a time anyway.
   */
  private async confirm(
    row: MarketBookingRow,
    from: MarketBookingRow['status'][],
    slot: { start: number; end: number },
  ): Promise<void> {
    const at = this.now();
    const declined = await this.db.transaction(async (trx) => {
      if (trx.client.config.client !== 'better-sqlite3') {
        await trx.raw('SELECT uid FROM availability WHERE uid = ? FOR UPDATE', [row.provider_uid]);
      }
      const bookings = marketBookingsRepository(trx);
      const current = await bookings.find(row.id);
      if (!current || !from.includes(current.status)) throw wrongState();
      const hours = availabilityRepository(trx);
      const plan = await hours.find(row.provider_uid);
      const margin = (plan?.bufferMinutes ?? 0) * 60_000;
      const busy = await hours.busy(row.provider_uid, slot.start - margin, slot.end + margin);
      if (!plan || !isFreeSlot(plan, busy, slot, at)) throw slotTaken();
      const session = await sessionsRepository(trx).insert(
        {
          hostUid: row.provider_uid,
          bookedByUid: row.requester_uid,
          status: 'confirmed',
          body: {
            title: row.offer_title,
            description: row.message,
            startTime: new Date(slot.start).toISOString(),
            endTime: new Date(slot.end).toISOString(),
            // Between the two: others see only that the time is taken.
            visibility: 'private',
            type: sessionTypeOf(row.offer_kind),
            location: '',
            genre: '',
            price: Number(row.rate_cents) / 100,
            maxParticipants: null,
            equipment: [],
          },
        },
        at,
      );
      await bookings.transition(row.id, from, {
        status: 'confirmed',
        start_at: slot.start,
        end_at: slot.end,
        session_id: Number(session._id),
        updated_at: at,
      });
      await queueBookingReminders(trx, row.id, slot.start, at);
      const overlapping = await bookings.openOverlapping(row.provider_uid, slot.start, slot.end, row.id);
      for (const other of overlapping) {
        await bookings.transition(other.id, OPEN_STATUSES, {
          status: 'declined',
          reason: SLOT_TAKEN_REASON,
          updated_at: at,
        });
      }
      return overlapping;
    });
    const confirmedBy = row.provider_uid;
    const told = from.includes('proposed') ? confirmedBy : row.requester_uid;
    await this.tell(told, 'booking-answered', `${row.offer_title}: confirmed`, row);
    for (const other of declined) {
      await this.tell(other.requester_uid, 'booking-answered', `${other.offer_title}: ${SLOT_TAKEN_REASON}`, other);
    }
  }

  private async move(row: MarketBookingRow, from: MarketBookingRow['status'][], changes: Partial<MarketBookingRow>) {
    if (!(await this.bookings().transition(row.id, from, changes))) throw wrongState();
  }

  private async partyRow(callerUid: string, id: number): Promise<MarketBookingRow> {
    const row = await this.bookings().find(id);
    if (!row || (row.provider_uid !== callerUid && row.requester_uid !== callerUid)) throw noSuchBooking();
    return row;
  }

  private async tell(userId: string, kind: NotificationKind, title: string, row: MarketBookingRow): Promise<void> {
    await this.notifier.notify({
      userId,
      kind,
      title,
      link: BOOKING_REQUESTS_LINK,
      // 'market': the client toasts these from the notification (useNotifications.ts).
      data: { bookingId: String(row.id), source: 'market' },
    });
  }

  private views(): BookingViews {
    return new BookingViews(this.db, this.users, this.roomOpensMs);
  }

  private async view(row: MarketBookingRow): Promise<MarketBooking> {
    return this.views().one(row);
  }
}
