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
 * Which colour an item gets. Order matters: an event or someone else's busy block says all there
 * is to know; a booking's state (yellow while asked, green once accepted) matters more than its
 * visibility, since booked sessions are private by construction; then the visibility of ordinary
 * sessions; blue for the rest (public sessions).
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
      const { session } = item;
      if (session.bookedBy || session.status === 'pending') {
        return session.status === 'confirmed' ? 'confirmed' : 'pending';
      }
      if (session.visibility === 'followers') return 'followers';
      if (session.visibility === 'private') return 'private';
      return 'default';
    }
  }
}

/** Yellow needs dark text to stay readable; every other colour takes white. */
export function eventStyle(item: CalendarItem): { style: Record<string, string> } {
  const key = colourKeyOf(item);
  return {
    style: {
      backgroundColor: CALENDAR_COLOURS[key],
      borderColor: CALENDAR_COLOURS[key],
      color: key === 'pending' || key === 'followers' ? '#1a1204' : '#ffffff',
    },
  };
}
