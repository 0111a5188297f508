import { restRoutes, type IdentityConfig } from '@riffroom/protocol';
import { requestJson, type FetchLike } from './http';

/** Which identity provider this deployment uses; asked once, before anything else starts. */
export async function fetchIdentityConfig(fetchImpl: FetchLike = (input, init) => fetch(input, init)) {
  // Checked against the route's schema: a misconfigured server fails here with a clear message.
  return (await requestJson(fetchImpl, restRoutes.authConfig)) satisfies IdentityConfig;
}
