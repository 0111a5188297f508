import type { MarketBooking, PublicUser, SessionType } from '@riffroom/protocol';
import type { MarketBookingRow } from '../../repositories/market-bookings.js';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | null) => (ms === null ? null : iso(ms));

const party = (uid: string, user: PublicUser | undefined) => ({
  uid,
  name: user?.user_name ?? '',
  username: user?.user_username ?? '',
});

/** A booking as its two parties see it. */
export function bookingView(
  row: MarketBookingRow,
  users: ReadonlyMap<string, PublicUser>,
  roomOpensMs: number,
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
    createdAt: iso(row.created_at),
  };
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
