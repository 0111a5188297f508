import type { CalendarEvent } from '@riffroom/protocol';
import type { EventsRepository } from '../repositories/events.js';

/** MVP events are read by every signed-in user; only operators write them (scripts/events.ts). */
export class EventService {
  constructor(private readonly events: EventsRepository) {}

  all(): Promise<CalendarEvent[]> {
    return this.events.all();
  }
}
