import { z } from 'zod';
import { GENRES, USER_ROLES } from '../constants.js';
import { CURRENCIES, OFFER_KINDS, rateSchema, ratingSummarySchema } from './offers.js';
import { timeZoneSchema } from './availability.js';

export const SEARCH_SORTS = ['relevance', 'rating', 'rate', 'soonest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const MAX_SEARCH_PAGE_SIZE = 50;
/** How many words of free text a search uses; the rest are ignored. */
export const MAX_SEARCH_TERMS = 8;

/** A query-string number: absent or empty is absent. */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === '' || value === undefined ? undefined : Number(value)), schema.optional());

/** GET /api/market/search: free text, filters, sort and page (issue 35, "Search"). */
export const searchQuerySchema = z
  .object({
    q: z.string().max(200).default(''),
    kind: z.enum(OFFER_KINDS).optional(),
    role: z.enum(USER_ROLES).optional(),
    genre: z.enum(GENRES).optional(),
    /** Remote work only, or in person only (then `city` narrows it). */
    where: z.enum(['remote', 'in-person']).optional(),
    city: z.string().trim().max(100).optional(),
    currency: z.enum(CURRENCIES).optional(),
    minRate: optionalNumber(z.number().nonnegative()),
    maxRate: optionalNumber(z.number().nonnegative()),
    minRating: optionalNumber(z.number().min(1).max(5)),
    /** Has a free slot of the offer's length between these two instants. */
    freeFrom: z.iso.datetime({ offset: true }).optional(),
    freeTo: z.iso.datetime({ offset: true }).optional(),
    sort: z.enum(SEARCH_SORTS).default('relevance'),
    page: optionalNumber(z.number().int().min(1).max(1000)).default(1),
    pageSize: optionalNumber(z.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE)).default(20),
    /** The viewer's zone, for the next free slot. */
    zone: timeZoneSchema.optional(),
  })
  .refine((query) => (query.freeFrom === undefined) === (query.freeTo === undefined), {
    message: 'freeFrom and freeTo go together',
    path: ['freeTo'],
  })
  .refine((query) => !query.freeFrom || Date.parse(query.freeTo!) > Date.parse(query.freeFrom), {
    message: 'must be after freeFrom',
    path: ['freeTo'],
  })
  .refine((query) => query.minRate === undefined || query.maxRate === undefined || query.maxRate >= query.minRate, {
    message: 'must not be below minRate',
    path: ['maxRate'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One card: a person and the offer of theirs that matched best (the cheapest that matched). */
export const searchResultSchema = z.object({
  uid: z.string(),
  name: z.string(),
  username: z.string(),
  role: z.string(),
  avatarUrl: z.string(),
  genres: z.array(z.string()),
  rating: ratingSummarySchema,
  offer: z.object({ id: z.string(), kind: z.enum(OFFER_KINDS), title: z.string(), typicalMinutes: z.number().int() }),
  rate: rateSchema,
  /** The offer's next free slot, in the viewer's zone; null when none in the next two weeks. */
  nextFreeSlot: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * The words of a free-text query: lower case, accents folded (as the indexes fold them), letters
 * and digits only, so nothing in it is query syntax to either engine; at most MAX_SEARCH_TERMS.
 */
export function searchTerms(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return (folded.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_TERMS);
}
