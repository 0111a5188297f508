import type { Knex } from 'knex';
import type { MarketBookingStatus } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import type { OfferRow } from './offers.js';

export interface MarketBookingRow {
  id: number;
  offer_id: number | null;
  offer_kind: OfferRow['kind'];
  offer_title: string;
  rate_cents: number | string;
  currency: OfferRow['currency'];
  rate_per: OfferRow['rate_per'];
  requester_uid: string;
  provider_uid: string;
  start_at: number | string;
  end_at: number | string;
  message: string;
  status: MarketBookingStatus;
  proposed_start_at: number | string | null;
  proposed_end_at: number | string | null;
  reason: string;
  session_id: number | null;
  created_at: number | string;
  updated_at: number | string;
}

/** Statuses still waiting for an answer: they may overlap one another until one is confirmed. */
export const OPEN_STATUSES: readonly MarketBookingStatus[] = ['pending', 'proposed'];

/** Marketplace bookings. Changes that must be atomic take the transaction they run in. */
export function marketBookingsRepository(db: Db | Knex.Transaction) {
  const table = () => db<MarketBookingRow>('market_bookings');
  return {
    async insert(row: Omit<MarketBookingRow, 'id'>): Promise<MarketBookingRow> {
      const [inserted] = await table().insert(row).returning('*');
      return inserted as MarketBookingRow;
    },
    async find(id: number): Promise<MarketBookingRow | undefined> {
      return (await table().where({ id }).first()) as MarketBookingRow | undefined;
    },
    /** Newest first. */
    async ofProvider(uid: string): Promise<MarketBookingRow[]> {
      return (await table().where({ provider_uid: uid }).orderBy('id', 'desc').limit(200)) as MarketBookingRow[];
    },
    async ofRequester(uid: string): Promise<MarketBookingRow[]> {
      return (await table().where({ requester_uid: uid }).orderBy('id', 'desc').limit(200)) as MarketBookingRow[];
    },
    /** Bookings whose session `uid` was added to (session_participants), newest first. */
    async ofParticipant(uid: string): Promise<MarketBookingRow[]> {
      return (await table()
        .join('session_participants as p', 'p.session_id', 'market_bookings.session_id')
        .where('p.uid', uid)
        .orderBy('market_bookings.id', 'desc')
        .limit(200)
        .select('market_bookings.*')) as MarketBookingRow[];
    },
    /** The confirmed booking whose session is `sessionId`, if any. */
    async confirmedOfSession(sessionId: number): Promise<MarketBookingRow | undefined> {
      return (await table().where({ session_id: sessionId, status: 'confirmed' }).first()) as
        MarketBookingRow | undefined;
    },
    /** Moves the booking from one of `from` to `changes`; false when someone changed it first. */
    async transition(
      id: number,
      from: readonly MarketBookingStatus[],
      changes: Partial<MarketBookingRow>,
    ): Promise<boolean> {
      return (await table().where({ id }).whereIn('status', from).update(changes)) > 0;
    },
    /** The provider's open requests overlapping [start, end), but `exceptId`. */
    async openOverlapping(providerUid: string, start: number, end: number, exceptId: number) {
      return (await table()
        .where({ provider_uid: providerUid })
        .whereIn('status', OPEN_STATUSES)
        .whereNot({ id: exceptId })
        .andWhere('start_at', '<', end)
        .andWhere('end_at', '>', start)) as MarketBookingRow[];
    },
    /** How many open requests `requesterUid` has with anyone (a flood limit). */
    async openCountOf(requesterUid: string): Promise<number> {
      const row = await table()
        .where({ requester_uid: requesterUid })
        .whereIn('status', OPEN_STATUSES)
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },
  };
}
export type MarketBookingsRepository = ReturnType<typeof marketBookingsRepository>;
