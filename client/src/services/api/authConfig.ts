import { identityConfigSchema, type IdentityConfig } from '@riffroom/protocol';
import { requestJson, type FetchLike } from './http';

/** Which identity provider this deployment uses; asked once, before anything else starts. */
export async function fetchIdentityConfig(fetchImpl: FetchLike = (input, init) => fetch(input, init)) {
  const body = await requestJson<unknown>(fetchImpl, '/api/auth/config');
  // Parsed, not cast: a misconfigured server should fail here with a clear message, not later.
  return identityConfigSchema.parse(body) satisfies IdentityConfig;
}
