import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { useState } from 'react';
import { Calendar, dateFnsLocalizer, Views, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './calendar.css';
import type { CalendarItem } from './calendarItems';
import { eventStyle } from './colours';

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

/*
 * Month for the overview of who is busy when; week and day because booking and creating a session
 * means picking a time to the half hour, which only the time grid offers; agenda as a plain list
 * that reads well on a phone and to a screen reader. Work week is left out: musicians record
 * on weekends as much as on weekdays. Week opens first, so a selected slot carries real times.
 */
const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];
const MORNING = new Date(1970, 0, 1, 8, 0);
// The toolbar's own 'Back' would sit next to the Back button of a followed user's calendar.
const MESSAGES = { previous: 'Previous', next: 'Next' };

interface SessionCalendarProps {
  items: CalendarItem[];
  label: string;
  onSelectSlot?: (start: Date, end: Date) => void;
  onSelectItem?: (item: CalendarItem) => void;
}

/** react-big-calendar at spec part 2's 70vh, with its colour coding. */
export function SessionCalendar({ items, label, onSelectSlot, onSelectItem }: SessionCalendarProps) {
  const [view, setView] = useState<View>(Views.WEEK);
  const [date, setDate] = useState(() => new Date());
  return (
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
        popup
      />
    </div>
  );
}
