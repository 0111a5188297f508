import type { MarketBooking } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { BookingRoomActions } from './BookingRoomActions';

const ACTIVE = new Set<MarketBooking['status']>(['pending', 'proposed', 'confirmed']);

/**
 * The Book Session tab's list of the caller's bookings that have not ended, both sides (they
 * provide, they requested), soonest first, each with Join room in its window and Cancel booking.
 */
export function MyBookings() {
  const { api } = useServices();
  const [bookings, setBookings] = useState<MarketBooking[] | null>(null);

  useEffect(() => {
    let live = true;
    api.bookingRoom
      .mine()
      .then(({ incoming, outgoing, joined = [] }) => {
        const now = Date.now();
        const upcoming = [...incoming, ...outgoing, ...joined]
          .filter((booking) => ACTIVE.has(booking.status) && Date.parse(booking.endTime) > now)
          .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
        if (live) setBookings(upcoming);
      })
      .catch((error: unknown) => console.error('Failed to load the bookings', error));
    return () => {
      live = false;
    };
  }, [api]);

  if (!bookings || bookings.length === 0) return null;
  const replace = (changed: MarketBooking) =>
    setBookings((list) => list?.map((booking) => (booking.id === changed.id ? changed : booking)) ?? null);
  return (
    <section aria-labelledby="my-bookings-heading" className="my-bookings">
      <h2 id="my-bookings-heading">Your bookings</h2>
      <ul className="my-bookings__list">
        {bookings.map((booking) => (
          <li key={booking.id} className="card">
            <strong>{booking.offer.title}</strong>{' '}
            <span className="muted">
              with {booking.provider.name || booking.provider.username} and{' '}
              {booking.requester.name || booking.requester.username}, {new Date(booking.startTime).toLocaleString()} (
              {booking.status})
            </span>
            <BookingRoomActions booking={booking} onChanged={replace} />
          </li>
        ))}
      </ul>
    </section>
  );
}
