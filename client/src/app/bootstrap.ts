import { createApi, fetchIdentityConfig } from '../services/api';
import { createIdentity } from '../services/identity';
import { SocketRealtime } from '../services/realtime';
import { detectBrowserFeatures } from '../services/media/browserSupport';
import { connectGuestRoom } from '../services/media/guestRoomConnection';
import { connectHostRoom } from '../services/media/hostRoomConnection';
import { withEarlyResponses } from './earlyRequests';
import type { Services } from './ServicesContext';

async function createServices(): Promise<Services> {
  // Bound late, like the HTTP client's own default, so a stubbed globalThis.fetch still applies.
  const fetchImpl = withEarlyResponses((input, init) => globalThis.fetch(input, init));
  const config = await fetchIdentityConfig(fetchImpl);
  const identity = await createIdentity(config);
  const api = createApi({ getIdToken: (forceRefresh) => identity.getIdToken(forceRefresh), fetch: fetchImpl });
  const realtime = new SocketRealtime({ getIdToken: (forceRefresh) => identity.getIdToken(forceRefresh) });
  return {
    identity,
    api,
    realtime,
    connectRoom: { host: connectHostRoom, guest: connectGuestRoom },
    browser: detectBrowserFeatures(),
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
  };
}

let pending: Promise<Services> | null = null;

/**
 * The app's services, created once per page. Memoised because a second identity would restore the
 * same refresh token in parallel, and the server ends a session whose rotated token comes back.
 */
export function loadServices(): Promise<Services> {
  pending ??= createServices().catch((error: unknown) => {
    pending = null; // let Retry try again
    throw error;
  });
  return pending;
}
