import {
  restRoutes,
  type FreeSlotsQuery,
  type MarketBooking,
  type MarketBookingAction,
  type MarketBookingsResponse,
  type Offer,
  type Review,
  type ReviewBody,
  type ReviewsResponse,
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
  /** The caller's bookings from offers: incoming (they provide) and outgoing (they asked). */
  myBookings(): Promise<MarketBookingsResponse>;
  /** Accept, decline, propose, answer a proposal, cancel. */
  actOnBooking(id: string, action: MarketBookingAction): Promise<MarketBooking>;
  reviewsOf(uid: string): Promise<ReviewsResponse>;
  /** Writes or (within the edit window) changes the caller's review of a finished booking. */
  review(bookingId: string, body: ReviewBody): Promise<Review>;
  reply(reviewId: string, text: string): Promise<Review>;
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
    myBookings() {
      return http.authed(restRoutes.myMarketBookings);
    },
    async actOnBooking(id, action) {
      return (await http.authed(restRoutes.actOnMarketBooking, { params: { id }, body: action })).booking;
    },
    reviewsOf(uid) {
      return http.authed(restRoutes.reviewsOf, { params: { uid } });
    },
    async review(bookingId, body) {
      return (await http.authed(restRoutes.reviewBooking, { params: { id: bookingId }, body })).review;
    },
    async reply(reviewId, text) {
      return (await http.authed(restRoutes.replyToReview, { params: { id: reviewId }, body: { text } })).review;
    },
  };
}
