import type { CalendarEvent, NewCalendarEvent } from '@riffroom/protocol';
import type { Knex } from 'knex';

interface EventRow {
  id: number;
  title: string;
  starts_at: number;
  duration_minutes: number;
  created_at: number;
}

const toEvent = (row: EventRow): CalendarEvent => ({
  _id: String(row.id),
  title: row.title,
  dateTime: new Date(Number(row.starts_at)).toISOString(),
  duration: Number(row.duration_minutes),
});

/** MVP events: written only by operators (the events command), read by every signed-in user. */
export function eventsRepository(db: Knex) {
  const table = () => db<EventRow>('events');
  return {
    async insert(event: NewCalendarEvent, at: number): Promise<CalendarEvent> {
      const [row] = await table()
        .insert({
          title: event.title,
          starts_at: Date.parse(event.dateTime),
          duration_minutes: event.duration,
          created_at: at,
        })
        .returning('*');
      return toEvent(row as EventRow);
    },
    async all(): Promise<CalendarEvent[]> {
      return ((await table().orderBy('starts_at', 'asc').orderBy('id', 'asc')) as EventRow[]).map(toEvent);
    },
    /** True when an event was removed. */
    async remove(id: number): Promise<boolean> {
      return (await table().where({ id }).delete()) > 0;
    },
  };
}
export type EventsRepository = ReturnType<typeof eventsRepository>;
