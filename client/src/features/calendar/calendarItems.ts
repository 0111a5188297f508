import type {
  BusyBlock,
  CalendarEntry,
  CalendarEvent,
  IncomingBooking,
  MarketBooking,
  OutgoingBooking,
  Session,
} from '@riffroom/protocol';

/** What react-big-calendar draws: one shape for sessions, busy blocks, events and pending bookings. */
export type CalendarItem = { id: string; title: string; start: Date; end: Date } & (
  | { kind: 'session'; session: Session }
  | { kind: 'busy'; busy: BusyBlock }
  | { kind: 'event'; event: CalendarEvent }
  | { kind: 'booking'; booking: IncomingBooking | OutgoingBooking | MarketBooking }
);

const isBusy = (entry: CalendarEntry): entry is BusyBlock => 'busy' in entry;

export function itemsFromEntries(entries: CalendarEntry[]): CalendarItem[] {
  return entries.map((entry, index) => {
    const times = { start: new Date(entry.startTime), end: new Date(entry.endTime) };
    return isBusy(entry)
      ? { kind: 'busy', id: `busy-${index}`, title: entry.title, busy: entry, ...times }
      : { kind: 'session', id: `session-${entry._id}`, title: entry.title, session: entry, ...times };
  });
}

export function itemsFromEvents(events: CalendarEvent[]): CalendarItem[] {
  return events.map((event) => {
    const start = new Date(event.dateTime);
    return {
      kind: 'event',
      id: `event-${event._id}`,
      title: event.title,
      start,
      end: new Date(start.getTime() + event.duration * 60_000),
      event,
    };
  });
}

/** Requests still waiting for an answer, so both sides see the time held (yellow). */
export function itemsFromPendingBookings(bookings: (IncomingBooking | OutgoingBooking)[]): CalendarItem[] {
  return bookings
    .filter((booking) => booking.status === 'pending')
    .map((booking) => ({
      kind: 'booking',
      id: `booking-${booking._id}`,
      title: `${booking.title} (pending)`,
      start: new Date(booking.startTime),
      end: new Date(booking.endTime),
      booking,
    }));
}

/**
 * Bookings from offers still waiting for an answer hold their time, yellow, on both sides'
 * calendars; a proposed one holds the proposed time. Confirmed ones are sessions already.
 */
export function itemsFromOpenMarketBookings(bookings: MarketBooking[]): CalendarItem[] {
  return bookings.flatMap((booking): CalendarItem[] => {
    const proposed = booking.status === 'proposed' && booking.proposedStartTime && booking.proposedEndTime;
    if (booking.status !== 'pending' && !proposed) return [];
    return [
      {
        kind: 'booking',
        id: `market-${booking.id}`,
        title: `${booking.offer.title} (${booking.status})`,
        start: new Date(proposed ? booking.proposedStartTime! : booking.startTime),
        end: new Date(proposed ? booking.proposedEndTime! : booking.endTime),
        booking,
      },
    ];
  });
}
