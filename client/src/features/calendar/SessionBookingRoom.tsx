import type { MarketBooking } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { BookingRoomActions } from '../market/BookingRoomActions';

/**
 * In a session's modal: when the session is a marketplace booking's (it is on both parties'
 * calendars), that booking's Join room and Cancel booking. Nothing for any other session.
 */
export function SessionBookingRoom({ sessionId, onChanged }: { sessionId: string; onChanged?: () => void }) {
  const { api } = useServices();
  const [booking, setBooking] = useState<MarketBooking | null>(null);

  useEffect(() => {
    let live = true;
    api.bookingRoom
      .mine()
      .then(({ incoming, outgoing, joined = [] }) => {
        const found = [...incoming, ...outgoing, ...joined].find((candidate) => candidate.sessionId === sessionId);
        if (live) setBooking(found ?? null);
      })
      .catch((error: unknown) => console.error('Failed to load the bookings', error));
    return () => {
      live = false;
    };
  }, [api, sessionId]);

  if (!booking) return null;
  return (
    <BookingRoomActions
      booking={booking}
      onChanged={(changed) => {
        setBooking(changed);
        onChanged?.();
      }}
    />
  );
}
