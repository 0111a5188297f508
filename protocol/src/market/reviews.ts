import { z } from 'zod';
import { multiLineText } from '../text.js';
import { ratingSummarySchema } from './offers.js';

/** How long after writing it a review may still be changed. */
export const REVIEW_EDIT_DAYS = 7;

/** PUT /api/market/bookings/{id}/review: a party of a finished confirmed booking rates the other. */
export const reviewBodySchema = z.object({
  rating: z.number().int().min(1).max(5),
  text: multiLineText().min(1, 'is required').max(2000),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** POST /api/market/reviews/{id}/reply: the reviewed person answers once, publicly. */
export const reviewReplyBodySchema = z.object({ text: multiLineText().min(1, 'is required').max(2000) });
export const reviewIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a review id') });

export const reviewSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  author: z.object({ uid: z.string(), name: z.string(), username: z.string() }),
  subjectUid: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewResponseSchema = z.object({ review: reviewSchema });
/** A profile's reviews, newest first, with the average and count. */
export const reviewsResponseSchema = z.object({ rating: ratingSummarySchema, reviews: z.array(reviewSchema) });
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;
