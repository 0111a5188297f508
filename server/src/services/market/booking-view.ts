import type { MarketBooking, PublicUser, SessionType } from '@riffroom/protocol';
import type { Db } from '../../db/connect.js';
import type { MarketBookingRow } from '../../repositories/market-bookings.js';
import { sessionParticipantsRepository } from '../../repositories/session-participants.js';
import type { UsersRepository } from '../../repositories/users.js';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

const party = (uid: string, user: PublicUser | undefined) => ({
  uid,
  name: user?.user_name ?? '',
  username: user?.user_username ?? '',
});

/** A booking as its two parties see it; `participants` are the uids the provider added to its session. */
export function bookingView(
  row: MarketBookingRow,
  users: ReadonlyMap<string, PublicUser>,
  roomOpensMs: number,
  participants: readonly string[] = [],
): MarketBooking {
  return {
    id: String(row.id),
    status: row.status,
    offer: {
      id: row.offer_id === null ? null : String(row.offer_id),
      kind: row.offer_kind,
      title: row.offer_title,
      rate: { amount: Number(row.rate_cents) / 100, currency: row.currency, per: row.rate_per },
    },
    requester: party(row.requester_uid, users.get(row.requester_uid)),
    provider: party(row.provider_uid, users.get(row.provider_uid)),
    startTime: iso(row.start_at),
    endTime: iso(row.end_at),
    message: row.message,
    proposedStartTime: isoOrNull(row.proposed_start_at),
    proposedEndTime: isoOrNull(row.proposed_end_at),
    reason: row.reason,
    sessionId: row.session_id === null ? null : String(row.session_id),
    roomOpensAt: row.status === 'confirmed' ? iso(Number(row.start_at) - roomOpensMs) : null,
    participants: participants.map((uid) => party(uid, users.get(uid))),
    createdAt: iso(row.created_at),
  };
}

/** Views of bookings with their parties' and participants' names, loaded in one query each. */
export class BookingViews {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepository,
    private readonly roomOpensMs: number,
  ) {}

  async many(rows: MarketBookingRow[]): Promise<MarketBooking[]> {
    const sessionIds = rows.flatMap((row) => (row.session_id === null ? [] : [Number(row.session_id)]));
    const participants = await sessionParticipantsRepository(this.db).ofSessions(sessionIds);
    const uids = new Set(rows.flatMap((row) => [row.requester_uid, row.provider_uid]));
    for (const list of participants.values()) for (const uid of list) uids.add(uid);
    const users = new Map((await this.users.findManyPublic([...uids])).map((user) => [user.firebase_uid, user]));
    return rows.map((row) =>
      bookingView(
        row,
        users,
        this.roomOpensMs,
        row.session_id === null ? [] : participants.get(Number(row.session_id)),
      ),
    );
  }

  async one(row: MarketBookingRow): Promise<MarketBooking> {
    return (await this.many([row]))[0]!;
  }
}

/** The calendar session type closest to an offer's kind. */
export function sessionTypeOf(kind: MarketBookingRow['offer_kind']): SessionType {
  switch (kind) {
    case 'mixing':
    case 'mastering':
    case 'recording':
    case 'songwriting':
      return kind;
    case 'other':
      return 'other';
    default:
      return 'collaboration';
  }
}
