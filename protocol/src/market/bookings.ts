import { z } from 'zod';
import { multiLineText } from '../text.js';
import { uidSchema, usernameSchema } from '../user.js';
import { OFFER_KINDS, rateSchema } from './offers.js';

/**
 * A booking made from an offer (issue 35, "Request, answer, notify"). pending: the provider has
 * not answered; proposed: the provider asked for another time, the requester answers; confirmed:
 * a session on both calendars; declined (with the reason) or cancelled (by either side, with the
 * reason) end it.
 */
export const MARKET_BOOKING_STATUSES = ['pending', 'proposed', 'confirmed', 'declined', 'cancelled'] as const;
export type MarketBookingStatus = (typeof MARKET_BOOKING_STATUSES)[number];

const reasonText = () => multiLineText().max(1000);

/** POST /api/market/bookings: the offer, the slot (from the provider's free slots) and a message. */
export const marketBookingBodySchema = z
  .object({
    offerId: z.string().regex(/^\d{1,15}$/, 'must be an offer id'),
    startTime: z.iso.datetime({ offset: true }),
    endTime: z.iso.datetime({ offset: true }),
    message: multiLineText().max(2000).default(''),
  })
  .refine((body) => Date.parse(body.endTime) > Date.parse(body.startTime), {
    message: 'must be after startTime',
    path: ['endTime'],
  });
export type MarketBookingBody = z.infer<typeof marketBookingBodySchema>;

/** PATCH /api/market/bookings/{id}: what either side does next. */
export const marketBookingActionSchema = z.discriminatedUnion('action', [
  /** The provider confirms the requested time. */
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('decline'), reason: reasonText().min(1, 'is required') }),
  /** The provider proposes another time; the requester accepts or declines it. */
  z
    .object({
      action: z.literal('propose'),
      startTime: z.iso.datetime({ offset: true }),
      endTime: z.iso.datetime({ offset: true }),
      message: reasonText().default(''),
    })
    .refine((body) => Date.parse(body.endTime) > Date.parse(body.startTime), {
      message: 'must be after startTime',
      path: ['endTime'],
    }),
  z.object({ action: z.literal('accept-proposal') }),
  z.object({ action: z.literal('decline-proposal'), reason: reasonText().default('') }),
  /** Either side, before the end. */
  z.object({ action: z.literal('cancel'), reason: reasonText().min(1, 'is required') }),
]);
export type MarketBookingAction = z.infer<typeof marketBookingActionSchema>;

export const marketBookingIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a booking id') });

const partySchema = z.object({ uid: z.string(), name: z.string(), username: z.string() });

export const marketBookingSchema = z.object({
  id: z.string(),
  status: z.enum(MARKET_BOOKING_STATUSES),
  offer: z.object({ id: z.string().nullable(), kind: z.enum(OFFER_KINDS), title: z.string(), rate: rateSchema }),
  requester: partySchema,
  provider: partySchema,
  startTime: z.string(),
  endTime: z.string(),
  message: z.string(),
  /** The provider's other time, while proposed. */
  proposedStartTime: z.string().nullable(),
  proposedEndTime: z.string().nullable(),
  /** Why it was declined or cancelled. */
  reason: z.string(),
  /** The session on both calendars, once confirmed. */
  sessionId: z.string().nullable(),
  /** When a confirmed booking's Join room opens (ISO 8601; it closes at endTime); null or absent otherwise. */
  roomOpensAt: z.string().nullable().optional(),
  /** People the provider added to the booking's session: they see it and join its room. */
  participants: z.array(partySchema).optional(),
  createdAt: z.string(),
});
export type MarketBooking = z.infer<typeof marketBookingSchema>;
export const marketBookingResponseSchema = z.object({ booking: marketBookingSchema });
export const marketBookingsResponseSchema = z.object({
  incoming: z.array(marketBookingSchema),
  outgoing: z.array(marketBookingSchema),
  /** Bookings the caller was added to by their provider (absent from older servers). */
  joined: z.array(marketBookingSchema).optional(),
});

/** POST /api/market/bookings/{id}/participants: the provider adds someone who follows them. */
export const bookingParticipantBodySchema = z.object({ username: usernameSchema });
export type BookingParticipantBody = z.infer<typeof bookingParticipantBodySchema>;
export const bookingParticipantParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'must be a booking id'),
  uid: uidSchema,
});
export type MarketBookingsResponse = z.infer<typeof marketBookingsResponseSchema>;
