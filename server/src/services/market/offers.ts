import type { Offer, OfferBody } from '@riffroom/protocol';
import { AppError, notFound } from '../../errors.js';
import type { OfferRow, OffersRepository } from '../../repositories/offers.js';
import type { UsersRepository } from '../../repositories/users.js';

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export function offerFromRow(row: OfferRow, showAddress: boolean): Offer {
  return {
    id: String(row.id),
    ownerUid: row.owner_uid,
    kind: row.kind,
    title: row.title,
    description: row.description,
    genres: JSON.parse(row.genres) as Offer['genres'],
    remote: Boolean(row.remote),
    city: row.city,
    studioAddress: showAddress && !row.remote ? row.studio_address : null,
    rate: { amount: Number(row.rate_cents) / 100, currency: row.currency, per: row.rate_per },
    typicalMinutes: row.typical_minutes,
    equipment: JSON.parse(row.equipment) as string[],
    paused: Boolean(row.paused),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const noSuchOffer = () => notFound('offer/not-found', 'No such offer.');

export interface OfferLimits {
  /** How many offers one person may keep (MAX_OFFERS_PER_PERSON). */
  maxOffersPerPerson: number;
}

/**
 * Offers (issue 35, "Offers"): several a person, paused and resumed by their owner. Someone else's
 * offer that is paused, or that is not theirs to change, is 404 as if it did not exist. The studio
 * address is shown to the owner and to the parties of a confirmed booking with the owner only.
 */
export class OfferService {
  constructor(
    private readonly offers: OffersRepository,
    private readonly users: UsersRepository,
    private readonly limits: OfferLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async create(callerUid: string, body: OfferBody): Promise<Offer> {
    if (!(await this.users.findPublic(callerUid))) {
      throw notFound('user/not-found', 'Create your profile before offering services.');
    }
    // A count check then an insert can let a racing pair of creates one past the limit; the limit
    // is against flooding, and per-user write rates bound any such overshoot to a few rows.
    if ((await this.offers.countOf(callerUid)) >= this.limits.maxOffersPerPerson) {
      throw new AppError(
        409,
        'offer/too-many',
        `You can keep at most ${this.limits.maxOffersPerPerson} offers; delete one first.`,
      );
    }
    return offerFromRow(await this.offers.insert(callerUid, body, this.now()), true);
  }

  async mine(callerUid: string): Promise<Offer[]> {
    return (await this.offers.ofOwner(callerUid, false)).map((row) => offerFromRow(row, true));
  }

  /** The offers others see on a profile: not paused; the owner sees all of theirs. */
  async of(callerUid: string, ownerUid: string): Promise<Offer[]> {
    if (callerUid === ownerUid) return this.mine(callerUid);
    const rows = await this.offers.ofOwner(ownerUid, true);
    const showAddress = rows.length > 0 && (await this.offers.confirmedBookingBetween(callerUid, ownerUid));
    return rows.map((row) => offerFromRow(row, showAddress));
  }

  async get(callerUid: string, id: number): Promise<Offer> {
    const row = await this.offers.find(id);
    if (!row) throw noSuchOffer();
    if (row.owner_uid === callerUid) return offerFromRow(row, true);
    if (row.paused) throw noSuchOffer();
    return offerFromRow(row, await this.offers.confirmedBookingBetween(callerUid, row.owner_uid));
  }

  async update(callerUid: string, id: number, body: OfferBody): Promise<Offer> {
    if (!(await this.offers.update(id, callerUid, body, this.now()))) throw noSuchOffer();
    return this.get(callerUid, id);
  }

  async setPaused(callerUid: string, id: number, paused: boolean): Promise<Offer> {
    if (!(await this.offers.setPaused(id, callerUid, paused, this.now()))) throw noSuchOffer();
    return this.get(callerUid, id);
  }

  async remove(callerUid: string, id: number): Promise<void> {
    if (!(await this.offers.remove(id, callerUid))) throw noSuchOffer();
  }
}
