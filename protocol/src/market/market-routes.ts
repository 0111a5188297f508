import { z } from 'zod';
import { availabilityBodySchema, availabilityResponseSchema, freeSlotsResponseSchema } from './availability.js';
import { searchResponseSchema } from './search.js';
import { reviewBodySchema, reviewReplyBodySchema, reviewResponseSchema, reviewsResponseSchema } from './reviews.js';
import {
  bookingParticipantBodySchema,
  marketBookingActionSchema,
  marketBookingBodySchema,
  marketBookingResponseSchema,
  marketBookingsResponseSchema,
} from './bookings.js';
import { openBookingRoomResponseSchema } from './booking-room.js';
import { offerBodySchema, offerResponseSchema, offersResponseSchema, pauseOfferBodySchema } from './offers.js';

/**
 * The marketplace's REST routes (issue 35), spread into restRoutes (rest-routes.ts) so the server,
 * the client and the test helpers check them like every other route.
 */
export const marketRoutes = {
  createOffer: { method: 'POST', path: '/api/offers/create', body: offerBodySchema, response: offerResponseSchema },
  myOffers: { method: 'GET', path: '/api/offers/mine', response: offersResponseSchema },
  /** A person's offers that are not paused. */
  offersOf: { method: 'GET', path: '/api/offers/by/:uid', response: offersResponseSchema },
  getOffer: { method: 'GET', path: '/api/offers/:id', response: offerResponseSchema },
  updateOffer: { method: 'PUT', path: '/api/offers/:id', body: offerBodySchema, response: offerResponseSchema },
  pauseOffer: {
    method: 'PATCH',
    path: '/api/offers/:id/paused',
    body: pauseOfferBodySchema,
    response: offerResponseSchema,
  },
  deleteOffer: { method: 'DELETE', path: '/api/offers/:id', response: null },
  myAvailability: { method: 'GET', path: '/api/availability/mine', response: availabilityResponseSchema },
  saveAvailability: {
    method: 'PUT',
    path: '/api/availability/mine',
    body: availabilityBodySchema,
    response: z.object({ availability: availabilityResponseSchema.shape.availability.unwrap() }),
  },
  search: { method: 'GET', path: '/api/market/search', response: searchResponseSchema },
  freeSlots: { method: 'GET', path: '/api/availability/:uid/slots', response: freeSlotsResponseSchema },
  requestMarketBooking: {
    method: 'POST',
    path: '/api/market/bookings/create',
    body: marketBookingBodySchema,
    response: marketBookingResponseSchema,
  },
  myMarketBookings: { method: 'GET', path: '/api/market/bookings/mine', response: marketBookingsResponseSchema },
  getMarketBooking: { method: 'GET', path: '/api/market/bookings/:id', response: marketBookingResponseSchema },
  actOnMarketBooking: {
    method: 'PATCH',
    path: '/api/market/bookings/:id',
    body: marketBookingActionSchema,
    response: marketBookingResponseSchema,
  },
  /** A party of a confirmed booking opens its room inside the window (booking-room.ts). */
  openBookingRoom: {
    method: 'POST',
    path: '/api/market/bookings/:id/room',
    response: openBookingRoomResponseSchema,
  },
  /** The provider adds someone who follows them to a confirmed booking (booking-participants.ts). */
  addBookingParticipant: {
    method: 'POST',
    path: '/api/market/bookings/:id/participants',
    body: bookingParticipantBodySchema,
    response: marketBookingResponseSchema,
  },
  removeBookingParticipant: {
    method: 'DELETE',
    path: '/api/market/bookings/:id/participants/:uid',
    response: marketBookingResponseSchema,
  },
  reviewBooking: {
    method: 'PUT',
    path: '/api/market/bookings/:id/review',
    body: reviewBodySchema,
    response: reviewResponseSchema,
  },
  replyToReview: {
    method: 'POST',
    path: '/api/market/reviews/:id/reply',
    body: reviewReplyBodySchema,
    response: reviewResponseSchema,
  },
  reviewsOf: { method: 'GET', path: '/api/market/reviews/of/:uid', response: reviewsResponseSchema },
} as const;
