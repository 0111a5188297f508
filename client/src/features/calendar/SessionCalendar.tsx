import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { useState, type ComponentType } from 'react';
import { Calendar, dateFnsLocalizer, Views, type Components, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './calendar.css';
import { CalendarLegend } from './CalendarLegend';
import type { CalendarItem } from './calendarItems';
import { ItemLabel, SlotTapContext, TappableDayColumn } from './calendarParts';
import { eventStyle } from './colours';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

/*
 * Month for the overview of who is busy when; week and day because booking and creating a session
 * means picking a time to the half hour, which only the time grid offers; agenda as a plain list
 * that reads well on a phone and to a screen reader. Work week is left out: musicians record
 * on weekends as much as on weekdays. Week opens first, so a selected slot carries real times;
 * on a phone day does, since seven columns do not fit in 390 px.
 */
const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];
const MORNING = new Date(1970, 0, 1, 8, 0);
// The toolbar's own 'Back' would sit next to the Back button of a followed user's calendar.
const MESSAGES = { previous: 'Previous', next: 'Next' };
/** Narrower than this, the calendar opens on one day (the CSS gives its controls 44 px targets). */
export const NARROW_QUERY = '(max-width: 639.98px)';
const COMPONENTS: Components<CalendarItem> = {
  event: ItemLabel,
  // Its props are the library's (slotMetrics and the rest), which its types leave out.
  dayColumnWrapper: TappableDayColumn as unknown as ComponentType,
};

const initialView = (): View => (window.matchMedia?.(NARROW_QUERY).matches ? Views.DAY : Views.WEEK);

interface SessionCalendarProps {
  items: CalendarItem[];
  label: string;
  onSelectSlot?: (start: Date, end: Date) => void;
  onSelectItem?: (item: CalendarItem) => void;
}

/**
 * react-big-calendar at spec part 2's 70vh, with its colour coding and their key. A slot is chosen
 * by mouse (click or drag), by touch (a tap, or a long press and drag), or, from the keyboard, by
 * the form that the New session and Book time buttons open.
 */
export function SessionCalendar({ items, label, onSelectSlot, onSelectItem }: SessionCalendarProps) {
  const [view, setView] = useState<View>(initialView);
  const [date, setDate] = useState(() => new Date());
  const onTap = onSelectSlot ?? null;
  return (
    <SlotTapContext.Provider value={onTap}>
      <div className="calendar" style={{ height: '70vh' }} role="region" aria-label={label}>
        <Calendar<CalendarItem>
          localizer={localizer}
          events={items}
          views={VIEWS}
          view={view}
          onView={setView}
          date={date}
          onNavigate={setDate}
          scrollToTime={MORNING}
          selectable={Boolean(onSelectSlot)}
          onSelectSlot={(slot) => onSelectSlot?.(slot.start, slot.end)}
          onSelectEvent={(item) => onSelectItem?.(item)}
          eventPropGetter={eventStyle}
          messages={MESSAGES}
          components={COMPONENTS}
          popup
        />
      </div>
      <CalendarLegend />
    </SlotTapContext.Provider>
  );
}
