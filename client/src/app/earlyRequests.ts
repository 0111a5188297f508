import type { FetchLike } from '../services/api';

/**
 * The requests index.html's inline script starts while the app's script is still loading and
 * running (a few hundred ms on a busy box, bench/latency.ts): the identity config, and on an invite
 * link the room. Each is keyed by the path the app asks for, and handed out once.
 */
declare global {
  interface Window {
    __riffroomEarly?: Record<string, Promise<Response> | undefined>;
  }
}

function isOpenGet(init: RequestInit | undefined): boolean {
  const method = init?.method ?? 'GET';
  const headers = new Headers(init?.headers);
  return method === 'GET' && !headers.has('Authorization') && init?.body == null;
}

/**
 * `fetchImpl`, except that a tokenless GET the page already started is answered by that request;
 * if it failed, the call is made again as usual.
 */
export function withEarlyResponses(fetchImpl: FetchLike): FetchLike {
  return (input, init) => {
    const early = typeof window === 'undefined' ? undefined : window.__riffroomEarly;
    const started = early && isOpenGet(init) ? early[input] : undefined;
    if (!started) return fetchImpl(input, init);
    delete early![input];
    return started.catch(() => fetchImpl(input, init));
  };
}
