import type { CalendarEvent } from '@riffroom/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { itemsFromEvents, type CalendarItem } from './calendarItems';
import { ReadOnlySessionModal } from './ReadOnlySessionModal';
import { SessionCalendar } from './SessionCalendar';

/**
 * MVP Events. Selecting one opens Edit Session as spec part 2 says, with the event in the session
 * form; events belong to the operators (`npm run events`), so its fields are read-only.
 */
export function EventsTab() {
  const { api } = useServices();
  const [events, setEvents] = useState<CalendarEvent[]>([]);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const items = useMemo(() => itemsFromEvents(events), [events]);

  useEffect(() => {
    let current = true;
    api.events.all().then(
      (list) => current && setEvents(list),
      (error: unknown) => console.error('Failed to load events', error),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const select = (item: CalendarItem) => item.kind === 'event' && setSelected(item.event);
  return (
    <>
      <SessionCalendar label="MVP Events" items={items} onSelectItem={select} />
      {selected && <ReadOnlySessionModal source={{ event: selected }} onClose={() => setSelected(null)} />}
    </>
  );
}
