import { createContext, forwardRef, useContext, useRef, type CSSProperties, type ReactNode } from 'react';
import type { EventProps } from 'react-big-calendar';
import type { CalendarItem } from './calendarItems';
import { isConfirmedBooking } from './colours';

/** An item's label: its title, after a ✓ badge when it is a confirmed booking (colour is never the only cue). */
export function ItemLabel({ event, title }: EventProps<CalendarItem>) {
  return (
    <>
      {isConfirmedBooking(event) && (
        <span className="calendar-badge">
          <span aria-hidden="true">✓</span>
          <span className="calendar-badge__text">Confirmed:</span>
        </span>
      )}
      <span>{title}</span>
    </>
  );
}

/** What a tap on an empty time slot does: the calendar's onSelectSlot, or nothing. */
export const SlotTapContext = createContext<((start: Date, end: Date) => void) | null>(null);

/** A tap's click comes at once after its touchend; a click later than this came from a mouse. */
const TAP_CLICK_MS = 1000;

interface SlotMetrics {
  closestSlotFromPoint(point: { y: number }, rect: { top: number; bottom: number }): Date;
  nextSlot(slot: Date): Date;
}

interface DayColumnProps {
  className?: string;
  style?: CSSProperties;
  slotMetrics: SlotMetrics;
  children?: ReactNode;
}

/**
 * react-big-calendar's day column (its `dayColumnWrapper`), which also selects the slot a finger
 * taps. The library selects on touch only after a long press, and once a touch has started it no
 * longer listens to the click the browser makes of a tap: without this a tap did nothing. Mouse
 * clicks and drags stay the library's, so nothing is selected twice on a desktop.
 */
export const TappableDayColumn = forwardRef<HTMLDivElement, DayColumnProps>(function TappableDayColumn(
  { className, style, slotMetrics, children },
  ref,
) {
  const onTap = useContext(SlotTapContext);
  const touchedAt = useRef(Number.NEGATIVE_INFINITY);
  return (
    <div
      ref={ref}
      className={className}
      style={style}
      onTouchStart={() => {
        touchedAt.current = Date.now();
      }}
      onClick={(event) => {
        if (!onTap || Date.now() - touchedAt.current > TAP_CLICK_MS) return;
        // A tap on an item is the item's own (onSelectEvent).
        if ((event.target as Element).closest('.rbc-event')) return;
        const start = slotMetrics.closestSlotFromPoint(
          { y: event.clientY },
          event.currentTarget.getBoundingClientRect(),
        );
        onTap(start, slotMetrics.nextSlot(start));
      }}
    >
      {children}
    </div>
  );
});
