import { ApiError, apiErrorFrom } from './errors';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Bearer token to send; omitted for the open calls (auth config, sign-in, GET /user/users). */
  token?: string | null;
}

/**
 * One JSON round trip. No timeout on purpose: spec part 9 says the HTTP client has none, and a slow
 * upload or a busy box should not turn into a spurious error.
 */
export async function requestJson<T>(fetchImpl: FetchLike, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;

  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    throw new ApiError(0, 'network/unreachable', error instanceof Error ? error.message : 'Network request failed');
  }
  if (!response.ok) throw await apiErrorFrom(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface HttpClient {
  /** A call made as the signed-in user (`Authorization: Bearer <ID token>`). */
  authed<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
  /** One of the calls the spec leaves open: no token is sent even when someone is signed in. */
  open<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
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
    async authed<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
      const token = await getIdToken();
      try {
        return await requestJson<T>(doFetch, path, { ...options, token });
      } catch (error) {
        // A token can expire between our freshness check and the server's (clock skew, a sleeping
        // laptop): fetch a new one and try exactly once more.
        if (!(error instanceof ApiError) || error.code !== 'auth/id-token-expired') throw error;
        return requestJson<T>(doFetch, path, { ...options, token: await getIdToken(true) });
      }
    },
    open<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
      return requestJson<T>(doFetch, path, options);
    },
  };
}
