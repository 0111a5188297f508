import { DateTime } from 'luxon';
import type { WorkingHours } from '@riffroom/protocol';

/**
 * Free slots (issue 35, "Availability"), computed and never stored (design.md §9). Working hours
 * are wall-clock times in the provider's IANA zone; luxon turns each day's hours into instants,
 * so a day that loses or gains an hour to daylight saving has a window that much shorter or
 * longer, and a local time that does not exist is never offered. No offset arithmetic by hand.
 */

export interface Interval {
  /** Epoch milliseconds. */
  start: number;
  end: number;
}

export interface WorkingPlan {
  timeZone: string;
  weeklyHours: readonly WorkingHours[];
  /** `YYYY-MM-DD` in the provider's zone. */
  blockedDays: readonly string[];
  bufferMinutes: number;
}

export interface SlotRequest {
  from: number;
  to: number;
  /** The slot's length: the offer's typical length. */
  minutes: number;
  /** Nothing starts before this (now). */
  notBefore: number;
  /** How far apart slot starts are; a slot shorter than this steps by its own length. */
  stepMinutes?: number;
  /** Stop after this many (a search card needs only the next one). */
  limit?: number;
}

export const DEFAULT_STEP_MINUTES = 30;
const MINUTE = 60_000;

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/**
 * The calendar day after `date`. Pure calendar counting (a UTC Date holds no zone here); instants
 * come only from luxon below, which knows each zone's offsets and changes.
 */
function nextDay({ year, month, day }: LocalDate): LocalDate {
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}
/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
const weekdayOf = ({ year, month, day }: LocalDate) => new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
const isoDateOf = ({ year, month, day }: LocalDate) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The instant `clock` (`HH:MM`, `24:00` for the day's end) names on `date` in `zone`. A time that
 * does not exist that day (the hour skipped in spring) moves forward, as luxon does.
 */
function at(date: LocalDate, clock: string, zone: string): number {
  if (clock === '24:00') return DateTime.fromObject(nextDay(date), { zone }).toMillis();
  const [hour, minute] = clock.split(':').map(Number);
  return DateTime.fromObject({ ...date, hour, minute }, { zone }).toMillis();
}

/**
 * The provider's working windows as instants, day by day in the provider's zone from the day
 * before `from` (its hours to 24:00 may reach past `from`) until `to`, blocked days left out.
 * Windows come in time order.
 */
export function* windowsOf(plan: WorkingPlan, from: number, to: number): Generator<Interval> {
  const blocked = new Set(plan.blockedDays);
  const first = DateTime.fromMillis(from, { zone: plan.timeZone }).minus({ days: 1 });
  let date: LocalDate = { year: first.year, month: first.month, day: first.day };
  // Two days past `to` in calendar terms always covers the zone's offset from UTC.
  const lastDay = DateTime.fromMillis(to, { zone: plan.timeZone }).plus({ days: 1 }).toISODate()!;
  for (let iso = isoDateOf(date); iso <= lastDay; date = nextDay(date), iso = isoDateOf(date)) {
    if (blocked.has(iso)) continue;
    const weekday = weekdayOf(date);
    const today: Interval[] = [];
    for (const hours of plan.weeklyHours) {
      if (hours.day !== weekday) continue;
      const start = at(date, hours.start, plan.timeZone);
      const end = at(date, hours.end, plan.timeZone);
      if (end > from && start < to && end > start) today.push({ start, end });
    }
    yield* today.sort((a, b) => a.start - b.start);
  }
}

/**
 * Windows that touch or overlap become one: hours to 24:00 followed by hours from 00:00 are one
 * stretch a session may span (and two entries for the same day may overlap).
 */
function* joined(windows: Iterable<Interval>): Generator<Interval> {
  let open: Interval | null = null;
  for (const window of windows) {
    if (open && window.start <= open.end) {
      open = { start: open.start, end: Math.max(open.end, window.end) };
      continue;
    }
    if (open) yield open;
    open = { ...window };
  }
  if (open) yield open;
}

/** The provider's working windows between `from` and `to`, as a list. */
export function workingWindows(plan: WorkingPlan, from: number, to: number): Interval[] {
  return [...joined(windowsOf(plan, from, to))];
}

/**
 * Slots of `request.minutes` inside the working windows that keep `bufferMinutes` clear of every
 * busy interval (sessions and confirmed bookings), in time order.
 */
export function freeSlots(plan: WorkingPlan, busy: readonly Interval[], request: SlotRequest): Interval[] {
  const length = request.minutes * MINUTE;
  const step = Math.min(request.stepMinutes ?? DEFAULT_STEP_MINUTES, request.minutes) * MINUTE;
  const buffer = plan.bufferMinutes * MINUTE;
  const clashes = (start: number, end: number) =>
    busy.some((taken) => taken.start < end + buffer && taken.end > start - buffer);
  const slots: Interval[] = [];
  const seen = new Set<number>();
  const limit = request.limit ?? Infinity;
  for (const window of joined(windowsOf(plan, request.from, request.to))) {
    for (let start = window.start; start + length <= window.end; start += step) {
      const end = start + length;
      if (start < request.from || end > request.to || start < request.notBefore) continue;
      if (seen.has(start) || clashes(start, end)) continue;
      seen.add(start);
      slots.push({ start, end });
      if (slots.length >= limit) return slots;
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}

/** Whether [start, end) is a slot the plan offers: inside one window and clear of busy time. */
export function isFreeSlot(plan: WorkingPlan, busy: readonly Interval[], slot: Interval, notBefore: number): boolean {
  if (slot.start < notBefore || slot.end <= slot.start) return false;
  const buffer = plan.bufferMinutes * MINUTE;
  const inWindow = workingWindows(plan, slot.start, slot.end).some(
    (window) => window.start <= slot.start && slot.end <= window.end,
  );
  return inWindow && !busy.some((taken) => taken.start < slot.end + buffer && taken.end > slot.start - buffer);
}

/** An instant written in `zone` with its offset there, e.g. `2026-10-28T04:00:00.000-04:00`. */
export function inZone(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISO()!;
}
