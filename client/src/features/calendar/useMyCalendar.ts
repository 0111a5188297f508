import type { CalendarEntry, MyBookingsResponse } from '@riffroom/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import { itemsFromEntries, itemsFromPendingBookings, type CalendarItem } from './calendarItems';

/** The signed-in user's sessions and booking requests, reloaded after changes and new requests. */
export function useMyCalendar(uid: string) {
  const { api } = useServices();
  const [entries, setEntries] = useState<CalendarEntry[]>([]);
  const [bookings, setBookings] = useState<MyBookingsResponse | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    let current = true;
    // Spec part 8: booking list load failures are only logged.
    api.sessions.ofUser(uid).then(
      (list) => current && setEntries(list),
      (error: unknown) => console.error('Failed to load sessions', error),
    );
    api.sessions.myBookings().then(
      (mine) => current && setBookings(mine),
      (error: unknown) => console.error('Failed to load booking requests', error),
    );
    return () => {
      current = false;
    };
  }, [api, uid, version]);

  useRealtimeEvent('new-booking-request', reload);
  // An accepted request is a confirmed session on our calendar now; a declined one frees the time.
  useRealtimeEvent('booking-answered', reload);

  const items = useMemo<CalendarItem[]>(
    () => [
      ...itemsFromEntries(entries),
      ...itemsFromPendingBookings([...(bookings?.incoming ?? []), ...(bookings?.outgoing ?? [])]),
    ],
    [entries, bookings],
  );
  return { items, bookings, reload };
}
