import type { CalendarItem } from './calendarItems';

/** Spec part 2's colour coding. */
export const CALENDAR_COLOURS = {
  default: '#3174ad', // blue
  event: '#7b3fe4', // purple
  followers: '#f59e0b', // amber
  private: '#8a8f98', // grey
  confirmed: '#2e9d57', // green
  pending: '#facc15', // yellow
} as const;
export type ColourKey = keyof typeof CALENDAR_COLOURS;

/**
 * Which colour fills an item. An event or someone else's busy block says all there is to know. A
 * session's state comes first (spec part 4: pending shows yellow and confirmed shows green), for
 * every session, not only booked ones; its visibility is the stripe beside it (`stripeKeyOf`).
 */
export function colourKeyOf(item: CalendarItem): ColourKey {
  switch (item.kind) {
    case 'event':
      return 'event';
    case 'busy':
      return 'private';
    case 'booking':
      return 'pending';
    case 'session':
      return item.session.status === 'confirmed' ? 'confirmed' : 'pending';
  }
}

/** A session's visibility, as its stripe: blue public (the default), amber followers-only, grey private. */
export function stripeKeyOf(item: CalendarItem): ColourKey | null {
  if (item.kind !== 'session') return null;
  const { visibility } = item.session;
  if (visibility === 'followers') return 'followers';
  if (visibility === 'private') return 'private';
  return 'default';
}

/** Yellow needs dark text to stay readable; every other fill takes white. */
export function eventStyle(item: CalendarItem): { style: Record<string, string> } {
  const key = colourKeyOf(item);
  const stripe = stripeKeyOf(item);
  return {
    style: {
      backgroundColor: CALENDAR_COLOURS[key],
      borderColor: CALENDAR_COLOURS[key],
      color: key === 'pending' ? '#1a1204' : '#ffffff',
      ...(stripe ? { borderLeft: `6px solid ${CALENDAR_COLOURS[stripe]}` } : {}),
    },
  };
}
