import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { createHttpClient, type FetchLike } from './http';
import { createRoomsApi } from './rooms';
import { createUsersApi } from './users';
import { lateNightRoom } from '../../testing/roomFixtures';

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('http client', () => {
  it('sends the bearer token on authed calls and none on open ones', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, []));
    const http = createHttpClient({ getIdToken: async () => 'tok', fetch });
    const users = createUsersApi(http);

    await users.listUsers();
    await users.getMyFollowing().catch(() => {});
    await users.listUsers('uid-of-the-last');
    const [openCall, authedCall, nextPage] = fetch.mock.calls;
    expect(openCall?.[0]).toBe('/user/users?limit=50');
    expect(nextPage?.[0]).toBe('/user/users?limit=50&before=uid-of-the-last');
    expect((openCall?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(authedCall?.[0]).toBe('/api/user/my-following');
    expect((authedCall?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('throws ApiError with the status, code and message of the error body', async () => {
    const fetch = vi.fn<FetchLike>(async () =>
      json(404, { error: { code: 'user/not-found', message: 'No profile.' } }),
    );
    const users = createUsersApi(createHttpClient({ getIdToken: async () => 'tok', fetch }));
    const error = await users.getOwnProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'user/not-found', message: 'No profile.' });
  });

  it('refuses an answer off the contract of its route as an ApiError naming the field', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, { room: { roomId: 'secret1' } }));
    const rooms = createRoomsApi(createHttpClient({ getIdToken: async () => 'tok', fetch }));
    const error = await rooms.get('secret1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'http/bad-response' });
    expect((error as ApiError).message).toContain('room.name');
  });

  it('turns a network failure and a non-JSON error into ApiErrors too', async () => {
    const offline = createHttpClient({
      getIdToken: async () => null,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.open('/x')).rejects.toMatchObject({ status: 0, code: 'network/unreachable' });

    const proxy = createHttpClient({
      getIdToken: async () => null,
      fetch: async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    });
    await expect(proxy.open('/x')).rejects.toMatchObject({ status: 502, code: 'http/502', message: 'Bad Gateway' });
  });

  it('retries once with a fresh token when the server says the token expired', async () => {
    const fetch = vi
      .fn<FetchLike>()
      .mockResolvedValueOnce(json(401, { error: { code: 'auth/id-token-expired', message: 'expired' } }))
      .mockResolvedValueOnce(json(204, undefined));
    const getIdToken = vi.fn(async (force?: boolean) => (force ? 'fresh' : 'stale'));
    const users = createUsersApi(createHttpClient({ getIdToken, fetch }));

    await users.follow('bob');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/user/follow/bob');
    expect(fetch.mock.calls[1]?.[1]?.method).toBe('POST');
    expect((fetch.mock.calls[1]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer fresh');
  });

  it('asks for a private room again with the token, and only after the open call was refused as private', async () => {
    const fetch = vi.fn<FetchLike>(async (_path, init) =>
      (init?.headers as Record<string, string>).Authorization
        ? json(200, { room: lateNightRoom('secret1') })
        : json(403, { error: { code: 'room/private', message: 'This room is private.' } }),
    );
    const rooms = createRoomsApi(createHttpClient({ getIdToken: async () => 'tok', fetch }));

    expect(await rooms.get('secret1')).toEqual(lateNightRoom('secret1'));
    expect(fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization)).toEqual([
      undefined,
      'Bearer tok',
    ]);
  });
});
