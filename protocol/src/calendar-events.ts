import { z } from 'zod';

/** Spec part 3, 'Event': operator-made happenings every signed-in user sees (the MVP Events tab). */
export const DEFAULT_EVENT_DURATION_MINUTES = 60;

export const calendarEventSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** ISO 8601. */
  dateTime: z.string(),
  /** Minutes. */
  duration: z.number().int().positive(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const eventsResponseSchema = z.array(calendarEventSchema);

/** What an operator adds with `npm run events -- add`. */
export const newCalendarEventSchema = z.object({
  title: z.string().trim().min(1, 'is required').max(200),
  dateTime: z.iso.datetime({ offset: true }),
  duration: z.coerce
    .number()
    .int()
    .positive()
    .max(7 * 24 * 60)
    .default(DEFAULT_EVENT_DURATION_MINUTES),
});
export type NewCalendarEvent = z.infer<typeof newCalendarEventSchema>;

/** The private .ics feed (beyond the spec). The path carries the secret: calendar apps send no bearer. */
export const CALENDAR_FEED_PATH_PREFIX = '/calendar/feed/';
export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  /** ISO 8601, when the current URL was made; null when there is none. */
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
/** Shown once, when created or rotated: only a hash is kept. */
export const calendarFeedCreatedSchema = calendarFeedStatusSchema.extend({ path: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
export const calendarFeedParamsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/) });
