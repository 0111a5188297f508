import type { SearchQuery, SearchResponse, SearchResult } from '@riffroom/protocol';
import type { MarketSearchRepository, SearchFilters, SearchHit } from '../../repositories/market-search.js';
import type { OfferRow } from '../../repositories/offers.js';
import type { UsersRepository } from '../../repositories/users.js';
import type { AvailabilityService } from './availability.js';
import { inZone } from './free-slots.js';

/** How far ahead a card's next free slot is looked for. */
const NEXT_SLOT_WINDOW_MS = 14 * 86_400_000;
/**
 * "Free between" and "soonest" need every candidate's free slots, which are computed, not stored:
 * they look at the best this many text-and-filter matches, and page within those.
 */
export const MAX_SLOT_CANDIDATES = 200;

interface Candidate {
  hit: SearchHit;
  offer: OfferRow;
  nextFree: number | null;
}

/** Marketplace search (issue 35, "Search"): the repository finds and ranks, this adds free time. */
export class MarketSearchService {
  constructor(
    private readonly search: MarketSearchRepository,
    private readonly users: UsersRepository,
    private readonly availability: AvailabilityService,
    private readonly now: () => number = Date.now,
  ) {}

  async find(query: SearchQuery): Promise<SearchResponse> {
    const filters: SearchFilters = { ...query, sort: query.sort === 'soonest' ? 'relevance' : query.sort };
    const { page, pageSize } = query;
    const bySlots = query.sort === 'soonest' || query.freeFrom !== undefined;
    const hits = bySlots
      ? await this.search.search(filters, MAX_SLOT_CANDIDATES, 0)
      : await this.search.search(filters, pageSize + 1, (page - 1) * pageSize);
    const offers = new Map(
      (
        await this.search.matchingOffers(
          hits.map((hit) => hit.uid),
          filters,
        )
      ).map((offer) => [offer.owner_uid, offer]),
    );
    const from = Math.max(this.now(), query.freeFrom ? Date.parse(query.freeFrom) : 0);
    const to = query.freeTo ? Date.parse(query.freeTo) : from + NEXT_SLOT_WINDOW_MS;
    // Without slot filtering only the page's cards need their next slot.
    const needingSlots = (bySlots ? hits : hits.slice(0, pageSize)).flatMap((hit) => {
      const offer = offers.get(hit.uid);
      return offer ? [{ hit, offer }] : []; // paused or changed between the two reads
    });
    const next =
      to > from
        ? await this.availability.nextFreeOf(
            needingSlots.map(({ hit, offer }) => ({ uid: hit.uid, minutes: offer.typical_minutes })),
            from,
            to,
          )
        : new Map<string, number>();
    let candidates: Candidate[] = needingSlots.map((entry) => ({
      ...entry,
      nextFree: next.get(entry.hit.uid) ?? null,
    }));
    let hasMore: boolean;
    if (bySlots) {
      if (query.freeFrom) candidates = candidates.filter((candidate) => candidate.nextFree !== null);
      if (query.sort === 'soonest') {
        candidates.sort((a, b) => (a.nextFree ?? Infinity) - (b.nextFree ?? Infinity));
      }
      hasMore = candidates.length > page * pageSize;
      candidates = candidates.slice((page - 1) * pageSize, page * pageSize);
    } else {
      hasMore = hits.length > pageSize;
    }
    const people = new Map(
      (await this.users.findManyPublic(candidates.map((c) => c.hit.uid))).map((user) => [user.firebase_uid, user]),
    );
    const zone = query.zone ?? 'UTC';
    const results: SearchResult[] = candidates.flatMap(({ hit, offer, nextFree }) => {
      const person = people.get(hit.uid);
      if (!person) return [];
      const offerGenres = JSON.parse(offer.genres) as string[];
      return [
        {
          uid: hit.uid,
          name: person.user_name,
          username: person.user_username,
          role: person.user_role,
          avatarUrl: person.profileImageUrl,
          genres: [...new Set([...offerGenres, ...person.user_style])],
          rating: { average: hit.ratingAvg, count: hit.ratingCount },
          offer: { id: String(offer.id), kind: offer.kind, title: offer.title, typicalMinutes: offer.typical_minutes },
          rate: { amount: Number(offer.rate_cents) / 100, currency: offer.currency, per: offer.rate_per },
          nextFreeSlot: nextFree === null ? null : inZone(nextFree, zone),
        },
      ];
    });
    return { results, page, hasMore };
  }
}
