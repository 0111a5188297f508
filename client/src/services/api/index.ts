import { createHttpClient, type HttpClientOptions } from './http';
import { createUsersApi, type UsersApi } from './users';

export { ApiError, describeError } from './errors';
export { fetchIdentityConfig } from './authConfig';
export type { HttpClient, FetchLike } from './http';
export type { UsersApi } from './users';

/** Every backend resource the client calls. Later features add their resource here. */
export interface Api {
  users: UsersApi;
}

export function createApi(options: HttpClientOptions): Api {
  const http = createHttpClient(options);
  return { users: createUsersApi(http) };
}
