import type { Currency, OfferBody, OfferKind, RateUnit } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';

export interface OfferRow {
  id: number;
  owner_uid: string;
  kind: OfferKind;
  title: string;
  description: string;
  genres: string;
  remote: boolean | number;
  city: string;
  studio_address: string;
  rate_cents: number | string;
  currency: Currency;
  rate_per: RateUnit;
  typical_minutes: number;
  equipment: string;
  paused: boolean | number;
  created_at: number | string;
  updated_at: number | string;
}

function toRow(body: OfferBody) {
  return {
    kind: body.kind,
    title: body.title,
    description: body.description,
    genres: JSON.stringify(body.genres),
    remote: body.remote,
    city: body.city,
    studio_address: body.remote ? '' : body.studioAddress,
    // Two decimals at most (the schema checks), so rounding only removes floating-point noise.
    rate_cents: Math.round(body.rate.amount * 100),
    currency: body.rate.currency,
    rate_per: body.rate.per,
    typical_minutes: body.typicalMinutes,
    equipment: JSON.stringify(body.equipment),
  };
}

/** Offers (issue 35). Reads return raw rows; the service decides who sees the studio address. */
export function offersRepository(db: Db) {
  const table = () => db<OfferRow>('offers');
  return {
    async insert(ownerUid: string, body: OfferBody, at: number): Promise<OfferRow> {
      const [row] = await table()
        .insert({ owner_uid: ownerUid, ...toRow(body), paused: false, created_at: at, updated_at: at })
        .returning('*');
      return row as OfferRow;
    },
    async find(id: number): Promise<OfferRow | undefined> {
      return (await table().where({ id }).first()) as OfferRow | undefined;
    },
    async countOf(ownerUid: string): Promise<number> {
      const row = await table().where({ owner_uid: ownerUid }).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    /** A person's offers, oldest first; `activeOnly` leaves out the paused ones. */
    async ofOwner(ownerUid: string, activeOnly: boolean): Promise<OfferRow[]> {
      const query = table().where({ owner_uid: ownerUid });
      if (activeOnly) query.andWhere({ paused: false });
      return (await query.orderBy('id', 'asc')) as OfferRow[];
    },
    /** Changes the owner's offer; false when `id` is not an offer of `ownerUid`. */
    async update(id: number, ownerUid: string, body: OfferBody, at: number): Promise<boolean> {
      return (
        (await table()
          .where({ id, owner_uid: ownerUid })
          .update({ ...toRow(body), updated_at: at })) > 0
      );
    },
    async setPaused(id: number, ownerUid: string, paused: boolean, at: number): Promise<boolean> {
      return (await table().where({ id, owner_uid: ownerUid }).update({ paused, updated_at: at })) > 0;
    },
    /**
     * Whether the two have a confirmed booking with each other, either way: a confirmed booking
     * from an offer, or an accepted calendar booking. Only then does one see the other's studio
     * address.
     */
    async confirmedBookingBetween(a: string, b: string): Promise<boolean> {
      const market = await db('market_bookings')
        .where({ status: 'confirmed' })
        .andWhere((q) => q.where({ requester_uid: a, provider_uid: b }).orWhere({ requester_uid: b, provider_uid: a }))
        .first('id');
      if (market) return true;
      const calendar = await db('booking_requests')
        .where({ status: 'accepted' })
        .andWhere((q) => q.where({ requester_uid: a, target_uid: b }).orWhere({ requester_uid: b, target_uid: a }))
        .first('id');
      return calendar !== undefined;
    },
    async remove(id: number, ownerUid: string): Promise<boolean> {
      return (await table().where({ id, owner_uid: ownerUid }).delete()) > 0;
    },
  };
}
export type OffersRepository = ReturnType<typeof offersRepository>;
