import { createHttpClient, type HttpClientOptions } from './http';
import { createMessagesApi, type MessagesApi } from './messages';
import { createRoomsApi, type RoomsApi } from './rooms';
import { createUsersApi, type UsersApi } from './users';

export { ApiError, describeError } from './errors';
export { fetchIdentityConfig } from './authConfig';
export type { HttpClient, FetchLike } from './http';
export type { UsersApi } from './users';
export type { RoomsApi } from './rooms';
export type { MessagesApi } from './messages';

/** Every backend resource the client calls. Later features add their resource here. */
export interface Api {
  users: UsersApi;
  rooms: RoomsApi;
  messages: MessagesApi;
}

export function createApi(options: HttpClientOptions): Api {
  const http = createHttpClient(options);
  return { users: createUsersApi(http), rooms: createRoomsApi(http), messages: createMessagesApi(http) };
}
