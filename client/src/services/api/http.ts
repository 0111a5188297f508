import { describeZodError, routePath, type RestRoute, type RouteBody, type RouteResponse } from '@riffroom/protocol';
import { ApiError, apiErrorFrom } from './errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** One call of a route of the protocol's restRoutes: its path parameters, query and body. */
export interface RouteCall<R extends RestRoute> {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: RouteBody<R>;
}

export interface RequestOptions<R extends RestRoute> extends RouteCall<R> {
  /** Bearer token to send; omitted for the open calls (auth config, sign-in, GET /user/users). */
  token?: string | null;
}

/** A path outside restRoutes (diagnostics): a GET whose answer is not checked, so typed unknown. */
const uncheckedGet = (path: string) => ({ method: 'GET', path, response: null }) as const satisfies RestRoute;

/**
 * One JSON round trip of a route of restRoutes, its answer checked against the route's response
 * schema: an answer off the contract is an ApiError (`http/bad-response`), not a surprise later.
 * No timeout on purpose: spec part 9 says the HTTP client has none, and a slow upload or a busy box
 * should not turn into a spurious error.
 */
export async function requestJson<R extends RestRoute>(
  fetchImpl: FetchLike,
  route: R,
  options: RequestOptions<R> = {},
): Promise<RouteResponse<R>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetchImpl(routePath(route, options.params, options.query), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(0, 'network/unreachable', error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const text = response.status === 204 ? '' : await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!route.response) return body as RouteResponse<R>;
  const checked = route.response.safeParse(body);
  if (!checked.success) {
    throw new ApiError(
      response.status,
      'http/bad-response',
      `${route.method} ${route.path}: ${describeZodError(checked.error)}`,
    );
  }
  // As sent: the check never strips a field the schema does not list.
  return body as RouteResponse<R>;
}

export interface HttpClient {
  /** A call made as the signed-in user (`Authorization: Bearer <ID token>`). */
  authed<R extends RestRoute>(route: R, call?: RouteCall<R>): Promise<RouteResponse<R>>;
  /** One of the calls the spec leaves open: no token is sent even when someone is signed in. */
  open<R extends RestRoute>(route: R, call?: RouteCall<R>): Promise<RouteResponse<R>>;
  open(path: string): Promise<unknown>;
  /** A file route (no JSON), as the signed-in user: the whole answer as a Blob. */
  authedBlob<R extends RestRoute>(route: R, call?: RouteCall<R>): Promise<Blob>;
  /** The current ID token, for requests made outside this client (resumable uploads). */
  idToken(forceRefresh?: boolean): Promise<string | null>;
}

export interface HttpClientOptions {
  /** The identity service's token source; `forceRefresh` asks for a new token after an expiry. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  fetch?: FetchLike;
}

export function createHttpClient({ getIdToken, fetch: fetchImpl }: HttpClientOptions): HttpClient {
  // Bound late so tests that stub globalThis.fetch after creating the client still take effect.
  const doFetch: FetchLike = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  return {
    async authed<R extends RestRoute>(route: R, call: RouteCall<R> = {}): Promise<RouteResponse<R>> {
      const token = await getIdToken();
      try {
        return await requestJson(doFetch, route, { ...call, token });
      } catch (error) {
        // A token can expire between our freshness check and the server's (clock skew, a sleeping
        // laptop): fetch a new one and try exactly once more.
        if (!(error instanceof ApiError) || error.code !== 'auth/id-token-expired') throw error;
        return requestJson(doFetch, route, { ...call, token: await getIdToken(true) });
      }
    },
    async authedBlob<R extends RestRoute>(route: R, call: RouteCall<R> = {}): Promise<Blob> {
      const token = await getIdToken();
      const response = await doFetch(routePath(route, call.params, call.query), {
        method: route.method,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      }).catch((error: unknown) => {
        throw new ApiError(0, 'network/unreachable', error instanceof Error ? error.message : 'Network request failed');
      });
      if (!response.ok) throw await apiErrorFrom(response);
      return response.blob();
    },
    idToken: (forceRefresh) => getIdToken(forceRefresh),
    open(route: RestRoute | string, call: RouteCall<RestRoute> = {}) {
      return requestJson(doFetch, typeof route === 'string' ? uncheckedGet(route) : route, call);
    },
  } as HttpClient;
}
