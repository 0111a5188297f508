import {
  restRoutes,
  type FreeSlotsQuery,
  type MarketBooking,
  type Offer,
  type SearchResponse,
  type Slot,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

/** What the Book Session tab searches with; every field optional but the text. */
export interface MarketSearchInput {
  q: string;
  kind?: string;
  genre?: string;
  maxRate?: string;
  freeFrom?: string;
  freeTo?: string;
  sort?: string;
  zone?: string;
}

export interface MarketBookingInput {
  offerId: string;
  startTime: string;
  endTime: string;
  message: string;
}

/** The booking marketplace (issue 35): search, a provider's offers and free slots, requests. */
export interface MarketApi {
  search(input: MarketSearchInput): Promise<SearchResponse>;
  offersOf(uid: string): Promise<Offer[]>;
  freeSlots(uid: string, query: FreeSlotsQuery): Promise<Slot[]>;
  requestBooking(body: MarketBookingInput): Promise<MarketBooking>;
}

export function createMarketApi(http: HttpClient): MarketApi {
  return {
    async search(input) {
      return http.authed(restRoutes.search, { query: { ...input } });
    },
    async offersOf(uid) {
      return (await http.authed(restRoutes.offersOf, { params: { uid } })).offers;
    },
    async freeSlots(uid, query) {
      const { from, to, minutes, zone } = query;
      return (
        await http.authed(restRoutes.freeSlots, {
          params: { uid },
          query: { from, to, minutes: String(minutes), zone },
        })
      ).slots;
    },
    async requestBooking(body) {
      return (await http.authed(restRoutes.requestMarketBooking, { body })).booking;
    },
  };
}
