import type { CalendarItem } from './calendarItems';

/** Spec part 2's colour coding. */
export const CALENDAR_COLOURS = {
  default: '#3174ad', // blue
  event: '#7b3fe4', // purple
  followers: '#f59e0b', // amber
  private: '#8a8f98', // grey
  confirmed: '#22c55e', // green
  pending: '#facc15', // yellow
} as const;
export type ColourKey = keyof typeof CALENDAR_COLOURS;

const WHITE = '#ffffff';
const DARK = '#1a1204';

/*
 * How the six colours combine (docs/marketplace.md, "The calendar: colours, touch and keyboard"): the fill says what an item
 * is, the badge says where a booking stands.
 * - Fill: an event purple; a session by its visibility, public blue (the default), followers-only
 *   amber, private grey; someone else's private time ('Busy') grey; a request still waiting for
 *   its answer yellow, since it only holds the time and is no session yet.
 * - Badge: a confirmed booking (a session someone booked and its host accepted) keeps its
 *   visibility's fill and carries a green ✓ badge and a green border. A session the owner put on
 *   their own calendar is firm from the start and needs no badge.
 * Every fill takes white or dark text, whichever reads better; both reach WCAG AA's 4.5:1.
 */
export function colourKeyOf(item: CalendarItem): ColourKey {
  switch (item.kind) {
    case 'event':
      return 'event';
    case 'busy':
      return 'private';
    case 'booking':
      return 'pending';
    case 'session': {
      const { status, visibility } = item.session;
      if (status === 'pending') return 'pending';
      if (visibility === 'followers') return 'followers';
      if (visibility === 'private') return 'private';
      return 'default';
    }
  }
}

/** Whether an item is a confirmed booking: a session booked by someone, accepted by its host. */
export function isConfirmedBooking(item: CalendarItem): boolean {
  return item.kind === 'session' && item.session.status === 'confirmed' && item.session.bookedBy !== null;
}

/** WCAG 2's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2's contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or dark text, whichever reads better on `fill`. */
export function textOn(fill: string): string {
  return contrastRatio(fill, WHITE) >= contrastRatio(fill, DARK) ? WHITE : DARK;
}

export function eventStyle(item: CalendarItem): { style: Record<string, string> } {
  const fill = CALENDAR_COLOURS[colourKeyOf(item)];
  const border = isConfirmedBooking(item) ? CALENDAR_COLOURS.confirmed : fill;
  return { style: { backgroundColor: fill, color: textOn(fill), border: `2px solid ${border}` } };
}
