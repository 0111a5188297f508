import type { MarketBooking } from '@riffroom/protocol';
import { useEffect, useState } from 'react';

/**
 * Where a booking is in its room's window (issue 35 item 5): Join room shows while 'open', from
 * the server's `roomOpensAt` (BOOKING_ROOM_OPENS_MINUTES before the start) until the end. The
 * server checks the same window again when the room is opened.
 */
export function roomWindowState(
  booking: Pick<MarketBooking, 'status' | 'roomOpensAt' | 'endTime'>,
  now: number,
): 'none' | 'before' | 'open' | 'after' {
  if (booking.status !== 'confirmed' || !booking.roomOpensAt) return 'none';
  if (now < Date.parse(booking.roomOpensAt)) return 'before';
  return now < Date.parse(booking.endTime) ? 'open' : 'after';
}

/** Whether either side may still cancel: an open or confirmed booking before its end. */
export function cancellable(booking: Pick<MarketBooking, 'status' | 'endTime'>, now: number): boolean {
  return ['pending', 'proposed', 'confirmed'].includes(booking.status) && now < Date.parse(booking.endTime);
}

/** The time now, again every `everyMs`, so a button appears when its window opens without a reload. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
