import { restRoutes, type CalendarEvent, type CalendarFeedCreated, type CalendarFeedStatus } from '@riffroom/protocol';
import type { HttpClient } from './http';

/** MVP events (spec part 7) and the private calendar feed (beyond the spec). */
export interface EventsApi {
  all(): Promise<CalendarEvent[]>;
  feedStatus(): Promise<CalendarFeedStatus>;
  /** Makes a new secret feed URL; any earlier one stops working. The path is shown only now. */
  rotateFeed(): Promise<CalendarFeedCreated>;
  revokeFeed(): Promise<void>;
}

export function createEventsApi(http: HttpClient): EventsApi {
  return {
    all: () => http.authed(restRoutes.allEvents),
    feedStatus: () => http.authed(restRoutes.calendarFeedStatus),
    rotateFeed: () => http.authed(restRoutes.rotateCalendarFeed),
    async revokeFeed() {
      await http.authed(restRoutes.revokeCalendarFeed);
    },
  };
}
