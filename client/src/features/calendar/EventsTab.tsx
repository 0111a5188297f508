import type { CalendarEvent } from '@riffroom/protocol';
import { format } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { Modal } from '../../components/Modal';
import { itemsFromEvents, type CalendarItem } from './calendarItems';
import { SessionCalendar } from './SessionCalendar';

/**
 * MVP Events. Selecting one opens Edit Session as spec part 2 says; events belong to the
 * operators (`npm run events`), so the modal shows them read-only instead of offering a Save
 * that the server would refuse.
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
      {selected && (
        <Modal title="Edit Session" onClose={() => setSelected(null)}>
          <dl className="session-summary">
            <dt>Event</dt>
            <dd>{selected.title}</dd>
            <dt>When</dt>
            <dd>{format(new Date(selected.dateTime), 'EEE d MMM yyyy, HH:mm')}</dd>
            <dt>Duration</dt>
            <dd>{selected.duration} minutes</dd>
          </dl>
          <p className="muted">Events are organised by the Riffroom team and cannot be edited here.</p>
          <div className="form-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setSelected(null)}>
              Close
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
