import { z } from 'zod';
import { GENRES } from '../constants.js';
import { multiLineText, singleLineText } from '../text.js';

/** What a person offers on the marketplace (issue 35, "Offers"). */
export const OFFER_KINDS = [
  'mixing',
  'mastering',
  'recording',
  'production',
  'songwriting',
  'session-musician',
  'studio-time',
  'other',
] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** The rate is agreed between the two, never charged here: the currency is a label from this list. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK', 'BRL', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const RATE_UNITS = ['hour', 'song', 'project'] as const;
export type RateUnit = (typeof RATE_UNITS)[number];

/** The largest rate amount accepted, in whole currency units. */
export const MAX_RATE_AMOUNT = 1_000_000;
/** The shortest and longest typical session length an offer may name, in minutes. */
export const OFFER_MINUTES = { min: 15, max: 12 * 60 } as const;

/** At most two decimals: the amount is stored as whole cents, so 12.345 would be silently changed. */
const hasAtMostTwoDecimals = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

export const rateSchema = z.object({
  amount: z.number().nonnegative().max(MAX_RATE_AMOUNT).refine(hasAtMostTwoDecimals, 'must have at most two decimals'),
  currency: z.enum(CURRENCIES),
  per: z.enum(RATE_UNITS),
});
export type Rate = z.infer<typeof rateSchema>;

const genresSchema = z
  .array(z.enum(GENRES))
  .max(GENRES.length)
  .transform((genres) => [...new Set(genres)]);

/** POST /api/offers/create and PUT /api/offers/{id}. */
export const offerBodySchema = z
  .object({
    kind: z.enum(OFFER_KINDS),
    title: singleLineText().min(1, 'is required').max(120),
    description: multiLineText().max(4000).default(''),
    genres: genresSchema.default([]),
    /** Remote work, or in person at `city`. */
    remote: z.boolean(),
    city: singleLineText().max(100).default(''),
    /** In person only; shown only to the parties of a confirmed booking. */
    studioAddress: singleLineText().max(300).default(''),
    rate: rateSchema,
    typicalMinutes: z.number().int().min(OFFER_MINUTES.min).max(OFFER_MINUTES.max),
    /** The room's equipment, for studio time only. */
    equipment: z.array(singleLineText().min(1, 'must not be blank').max(200)).max(100).default([]),
  })
  .refine((offer) => offer.remote || offer.city !== '', { message: 'is required in person', path: ['city'] })
  .refine((offer) => !offer.remote || offer.studioAddress === '', {
    message: 'is only for offers in person',
    path: ['studioAddress'],
  })
  .refine((offer) => offer.kind === 'studio-time' || offer.equipment.length === 0, {
    message: 'is only for studio time',
    path: ['equipment'],
  });
export type OfferBody = z.infer<typeof offerBodySchema>;
export type OfferInput = z.input<typeof offerBodySchema>;

export const offerIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be an offer id') });
export const pauseOfferBodySchema = z.object({ paused: z.boolean() });

/** A person's average rating and how many reviews make it (null average: none yet). */
export const ratingSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const offerSchema = z.object({
  id: z.string(),
  ownerUid: z.string(),
  kind: z.enum(OFFER_KINDS),
  title: z.string(),
  description: z.string(),
  genres: z.array(z.enum(GENRES)),
  remote: z.boolean(),
  city: z.string(),
  /** Null unless the reader owns the offer or has a confirmed booking with its owner. */
  studioAddress: z.string().nullable(),
  rate: rateSchema,
  typicalMinutes: z.number().int(),
  equipment: z.array(z.string()),
  paused: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Offer = z.infer<typeof offerSchema>;

export const offerResponseSchema = z.object({ offer: offerSchema });
export const offersResponseSchema = z.object({ offers: z.array(offerSchema) });
