import type { AuthResponse } from '@riffroom/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { FetchLike } from '../api/http';
import { LocalIdentity, REFRESH_TOKEN_KEY } from './localIdentity';
import type { IdentityUser } from './types';

const USER = { uid: 'u1', email: 'a@example.test', displayName: 'alice' };

function auth(n: number, user = USER): AuthResponse {
  return { idToken: `id-${n}`, refreshToken: `refresh-${n}`, expiresIn: 3600, user };
}

function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

/** A fake /api/auth server: rotates refresh tokens and rejects a reused one, like the real one. */
function fakeServer() {
  let serial = 0;
  let current: string | null = null;
  const calls: Array<{ path: string; body: unknown; authorization?: string }> = [];
  const fetch = vi.fn<FetchLike>(async (path, init) => {
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization;
    calls.push({ path, body, authorization });
    const issue = () => {
      serial += 1;
      current = `refresh-${serial}`;
      return reply(200, auth(serial));
    };
    switch (path) {
      case '/api/auth/login':
      case '/api/auth/signup':
        return issue();
      case '/api/auth/refresh': {
        const presented = (body as { refreshToken: string }).refreshToken;
        if (presented !== current) {
          return reply(401, { error: { code: 'auth/invalid-refresh-token', message: 'Sign in again.' } });
        }
        return issue();
      }
      case '/api/auth/logout':
        current = null;
        return reply(204);
      case '/api/auth/me':
        return reply(200, { user: { ...USER, displayName: (body as { displayName: string }).displayName } });
      default:
        return reply(404, { error: { code: 'http/not-found', message: 'nope' } });
    }
  });
  return { fetch, calls, setCurrent: (token: string | null) => (current = token) };
}

function make(server: ReturnType<typeof fakeServer>, storage = new Map<string, string>(), now = () => 0) {
  const store = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  const identity = new LocalIdentity({
    fetch: server.fetch,
    storage: store,
    now,
    locks: null,
    subscribeToStorage: () => () => {},
  });
  return { identity, storage };
}

function nextState(identity: LocalIdentity): Promise<IdentityUser | null> {
  return new Promise((resolve) => {
    const off = identity.onAuthStateChanged((user) => {
      off();
      resolve(user);
    });
  });
}

describe('local identity', () => {
  it('reports signed out at once when nothing is stored', async () => {
    const server = fakeServer();
    const { identity } = make(server);
    expect(await nextState(identity)).toBeNull();
    expect(await identity.getIdToken()).toBeNull();
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('signs in, keeps only the refresh token in storage, and hands out the ID token', async () => {
    const server = fakeServer();
    const { identity, storage } = make(server);
    await nextState(identity);
    const states: Array<IdentityUser | null> = [];
    identity.onAuthStateChanged((user) => states.push(user));

    expect(await identity.signIn('a@example.test', 'pw')).toEqual(USER);
    expect(storage.get(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect([...storage.values()]).not.toContain('id-1');
    expect(await identity.getIdToken()).toBe('id-1');
    await vi.waitFor(() => expect(states.at(-1)).toEqual(USER));
  });

  it('stays signed in across a reload by refreshing the stored token, and stores the rotated one', async () => {
    const server = fakeServer();
    server.setCurrent('refresh-0');
    const storage = new Map([[REFRESH_TOKEN_KEY, 'refresh-0']]);
    const { identity } = make(server, storage);

    expect(await nextState(identity)).toEqual(USER);
    expect(storage.get(REFRESH_TOKEN_KEY)).toBe('refresh-1');
    expect(await identity.getIdToken()).toBe('id-1');
  });

  it('starts signed out and forgets the token when the server no longer honours it', async () => {
    const server = fakeServer();
    const storage = new Map([[REFRESH_TOKEN_KEY, 'revoked']]);
    const { identity } = make(server, storage);
    expect(await nextState(identity)).toBeNull();
    expect(storage.has(REFRESH_TOKEN_KEY)).toBe(false);
  });

  it('refreshes shortly before expiry, once, however many calls ask at the same time', async () => {
    const server = fakeServer();
    let clock = 0;
    const { identity } = make(server, new Map(), () => clock);
    await identity.signIn('a@example.test', 'pw');
    expect(await identity.getIdToken()).toBe('id-1');

    clock = 3600_000 - 30_000; // 30 s before expiry
    const tokens = await Promise.all([identity.getIdToken(), identity.getIdToken(), identity.getIdToken()]);
    expect(tokens).toEqual(['id-2', 'id-2', 'id-2']);
    expect(server.calls.filter((call) => call.path === '/api/auth/refresh')).toHaveLength(1);
  });

  it('passes the username to signup and updates the display name', async () => {
    const server = fakeServer();
    const { identity } = make(server);
    await identity.signUp('a@example.test', 'pw', 'alice');
    expect(server.calls[0]).toMatchObject({
      path: '/api/auth/signup',
      body: { email: 'a@example.test', password: 'pw', username: 'alice' },
    });
    const states: Array<IdentityUser | null> = [];
    identity.onAuthStateChanged((user) => states.push(user));
    await identity.setDisplayName('Alice K');
    expect(server.calls.at(-1)).toMatchObject({ path: '/api/auth/me', authorization: 'Bearer id-1' });
    await vi.waitFor(() => expect(states.at(-1)?.displayName).toBe('Alice K'));
  });

  it('signs out: revokes the session on the server and forgets everything here', async () => {
    const server = fakeServer();
    const { identity, storage } = make(server);
    await identity.signIn('a@example.test', 'pw');
    const states: Array<IdentityUser | null> = [];
    identity.onAuthStateChanged((user) => states.push(user));

    await identity.signOut();
    expect(server.calls.at(-1)).toMatchObject({
      path: '/api/auth/logout',
      authorization: 'Bearer id-1',
      body: { refreshToken: 'refresh-1' },
    });
    expect(storage.has(REFRESH_TOKEN_KEY)).toBe(false);
    expect(await identity.getIdToken()).toBeNull();
    expect(states.at(-1)).toBeNull();
  });

  it('rejects with the code and message of the error body', async () => {
    const server = fakeServer();
    server.fetch.mockResolvedValueOnce(
      reply(401, { error: { code: 'auth/wrong-password', message: 'The password is invalid.' } }),
    );
    const { identity } = make(server);
    await expect(identity.signIn('a@example.test', 'bad')).rejects.toMatchObject({
      code: 'auth/wrong-password',
      message: 'The password is invalid.',
    });
  });
});
