import { z } from 'zod';

/**
 * Working hours (issue 35, "Availability"): weekly hours in the person's own IANA zone, days they
 * do not work, and a buffer kept free around every session. Free slots are computed from these and
 * the person's busy time, never stored (design.md §9).
 */

/** Whether the runtime's Intl knows `zone` (it throws RangeError on an unknown one). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().max(64).refine(isTimeZone, 'must be an IANA time zone, e.g. Europe/Berlin');

/** `HH:MM` on a 24-hour clock; `24:00` ends a day. */
const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be HH:MM');
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

/** ISO weekday: 1 Monday … 7 Sunday. */
export const workingHoursSchema = z
  .object({ day: z.number().int().min(1).max(7), start: clockTime, end: clockTime })
  .refine((hours) => minutesOf(hours.end) > minutesOf(hours.start), { message: 'must be after start', path: ['end'] });
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const MAX_BUFFER_MINUTES = 240;
/** How far ahead (and how wide a range) free slots are computed for at once. */
export const MAX_SLOT_RANGE_DAYS = 31;

export const availabilityBodySchema = z.object({
  timeZone: timeZoneSchema,
  weeklyHours: z.array(workingHoursSchema).max(7 * 4),
  /** Calendar days (`YYYY-MM-DD`) in the person's zone with no work at all. */
  blockedDays: z
    .array(z.iso.date())
    .max(366)
    .transform((days) => [...new Set(days)].sort()),
  bufferMinutes: z.number().int().min(0).max(MAX_BUFFER_MINUTES).default(0),
});
export type AvailabilityBody = z.infer<typeof availabilityBodySchema>;
export type AvailabilityInput = z.input<typeof availabilityBodySchema>;

export const availabilitySchema = z.object({
  uid: z.string(),
  timeZone: z.string(),
  weeklyHours: z.array(workingHoursSchema),
  blockedDays: z.array(z.string()),
  bufferMinutes: z.number().int(),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityResponseSchema = z.object({ availability: availabilitySchema.nullable() });

/** GET /api/availability/{uid}/slots: a range, a slot length, and the viewer's zone for the answer. */
export const freeSlotsQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    minutes: z.coerce
      .number()
      .int()
      .min(15)
      .max(12 * 60),
    /** The viewer's zone: each slot is written with its offset there. Absent: UTC. */
    zone: timeZoneSchema.optional(),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), { message: 'must be after from', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= MAX_SLOT_RANGE_DAYS * 86_400_000, {
    message: `must be at most ${MAX_SLOT_RANGE_DAYS} days after from`,
    path: ['to'],
  });
export type FreeSlotsQuery = z.infer<typeof freeSlotsQuerySchema>;

export const slotSchema = z.object({ start: z.string(), end: z.string() });
export type Slot = z.infer<typeof slotSchema>;
export const freeSlotsResponseSchema = z.object({ timeZone: z.string(), slots: z.array(slotSchema) });
