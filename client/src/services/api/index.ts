import { createHttpClient, type HttpClientOptions } from './http';
import { createEventsApi, type EventsApi } from './events';
import { createMessagesApi, type MessagesApi } from './messages';
import { createSessionsApi, type SessionsApi } from './sessions';
import { createRoomsApi, type RoomsApi } from './rooms';
import { createRecordingsApi, type RecordingsApi } from './recordings';
import { createProjectsApi, type ProjectsApi } from './projects';
import { createUsersApi, type UsersApi } from './users';
import { createNotificationsApi, type NotificationsApi } from './notifications';
import { createMarketApi, type MarketApi } from './market';
import { createBookingRoomApi, type BookingRoomApi } from './bookingRoom';

export { ApiError, describeError } from './errors';
export { fetchIdentityConfig } from './authConfig';
export type { HttpClient, FetchLike } from './http';
export type { UsersApi } from './users';
export type { MessagesApi } from './messages';
export type { SessionsApi, BookingAction, BookingRequestInput } from './sessions';
export type { EventsApi } from './events';
export type { RoomsApi } from './rooms';
export type { RecordingsApi } from './recordings';
export type { NotificationsApi } from './notifications';
export type { MarketApi, MarketSearchInput, MarketBookingInput } from './market';
export type { ProjectsApi } from './projects';
export type { BookingRoomApi } from './bookingRoom';

/** Every backend resource the client calls. Later features add their resource here. */
export interface Api {
  users: UsersApi;
  messages: MessagesApi;
  sessions: SessionsApi;
  events: EventsApi;
  rooms: RoomsApi;
  recordings: RecordingsApi;
  notifications: NotificationsApi;
  market: MarketApi;
  bookingRoom: BookingRoomApi;
  projects: ProjectsApi;
}

export function createApi(options: HttpClientOptions): Api {
  const http = createHttpClient(options);
  return {
    users: createUsersApi(http),
    messages: createMessagesApi(http),
    sessions: createSessionsApi(http),
    events: createEventsApi(http),
    rooms: createRoomsApi(http),
    recordings: createRecordingsApi(http),
    notifications: createNotificationsApi(http),
    market: createMarketApi(http),
    bookingRoom: createBookingRoomApi(http),
    projects: createProjectsApi(http),
  };
}
