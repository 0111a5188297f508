import type {
  CalendarEntry,
  MarketBookingsResponse,
  MyBookingsResponse,
  MyJoinRequestsResponse,
} from '@riffroom/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import {
  itemsFromEntries,
  itemsFromOpenMarketBookings,
  itemsFromPendingBookings,
  type CalendarItem,
} from './calendarItems';

/** The signed-in user's sessions and booking requests, reloaded after changes and new requests. */
export function useMyCalendar(uid: string) {
  const { api } = useServices();
  const [entries, setEntries] = useState<CalendarEntry[]>([]);
  const [bookings, setBookings] = useState<MyBookingsResponse | null>(null);
  // The last load of the booking requests failed: Booking Requests offers Retry instead of 'Loading...'.
  const [bookingsFailed, setBookingsFailed] = useState(false);
  const [market, setMarket] = useState<MarketBookingsResponse | null>(null);
  const [joins, setJoins] = useState<MyJoinRequestsResponse | null>(null);
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
      (mine) => {
        if (!current) return;
        setBookings(mine);
        setBookingsFailed(false);
      },
      (error: unknown) => {
        console.error('Failed to load booking requests', error);
        if (current) setBookingsFailed(true);
      },
    );
    api.market.myBookings().then(
      (mine) => current && setMarket(mine),
      (error: unknown) => console.error('Failed to load marketplace bookings', error),
    );
    api.sessions.myJoinRequests().then(
      (mine) => current && setJoins(mine),
      (error: unknown) => console.error('Failed to load join requests', error),
    );
    return () => {
      current = false;
    };
  }, [api, uid, version]);

  useRealtimeEvent('new-booking-request', reload);
  // An accepted request is a confirmed session on our calendar now; a declined one frees the time.
  useRealtimeEvent('booking-answered', reload);
  // Bookings from offers and join requests move by notification (issue 35): the lists follow.
  useRealtimeEvent('notification', (item) => {
    if (item.kind.startsWith('booking-') || item.kind.startsWith('join-')) reload();
  });

  const items = useMemo<CalendarItem[]>(
    () => [
      ...itemsFromEntries(entries),
      ...itemsFromPendingBookings([...(bookings?.incoming ?? []), ...(bookings?.outgoing ?? [])]),
      ...itemsFromOpenMarketBookings([...(market?.incoming ?? []), ...(market?.outgoing ?? [])]),
    ],
    [entries, bookings, market],
  );
  /** Loads everything again; Booking Requests shows 'Loading...' until it answers. */
  const retry = useCallback(() => {
    setBookingsFailed(false);
    reload();
  }, [reload]);
  return { items, bookings, bookingsFailed, market, joins, reload, retry };
}
