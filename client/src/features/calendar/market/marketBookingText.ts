import type { MarketBooking } from '@riffroom/protocol';
import { format } from 'date-fns';

/** "Mon 7 Jan 2030, 09:00 – 10:00", in the viewer's own zone like the rest of the calendar. */
export const spanText = (start: string, end: string) =>
  `${format(new Date(start), 'EEE d MMM yyyy, HH:mm')} – ${format(new Date(end), 'HH:mm')}`;

/** The booking's state in plain words, with the reason or the other time where there is one. */
export function statusText(booking: MarketBooking): string {
  switch (booking.status) {
    case 'proposed':
      if (!booking.proposedStartTime || !booking.proposedEndTime) return 'proposed';
      // While proposed, the reason field carries the provider's note about the other time.
      return `proposed: ${spanText(booking.proposedStartTime, booking.proposedEndTime)}${booking.reason ? ` (${booking.reason})` : ''}`;
    case 'declined':
    case 'cancelled':
      return booking.reason ? `${booking.status}: ${booking.reason}` : booking.status;
    default:
      return booking.status;
  }
}

/** Minutes the booking lasts: a proposed other time keeps the requested length. */
export const lengthMinutes = (booking: MarketBooking) =>
  Math.round((Date.parse(booking.endTime) - Date.parse(booking.startTime)) / 60_000);

/** Reviews open once a confirmed booking has ended (the server checks too). */
export const canReview = (booking: MarketBooking, now = Date.now()) =>
  booking.status === 'confirmed' && Date.parse(booking.endTime) <= now;
