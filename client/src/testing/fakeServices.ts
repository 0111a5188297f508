import type { OwnProfile, PublicUser } from '@riffroom/protocol';
import { EMPTY_PROFILE } from '@riffroom/protocol';
import { vi } from 'vitest';
import type { Services } from '../app/ServicesContext';
import type { Api } from '../services/api';
import { ApiError } from '../services/api';
import type { AuthStateListener, Identity, IdentityUser } from '../services/identity';
import type { Realtime, RealtimeEventName, RealtimeHandler } from '../services/realtime';

export function makeUser(overrides: Partial<PublicUser> & { firebase_uid: string }): PublicUser {
  return {
    ...EMPTY_PROFILE,
    user_name: `Name of ${overrides.firebase_uid}`,
    user_username: overrides.firebase_uid,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    ...makeUser({ firebase_uid: 'me', user_name: 'Alice Tester', user_username: 'alice' }),
    user_email: 'alice@example.test',
    ...overrides,
  };
}

export const ALICE: IdentityUser = { uid: 'me', email: 'alice@example.test', displayName: 'alice' };

/**
 * An identity provider in memory. `initial` is who is signed in when the app starts; 'unresolved'
 * keeps the auth state loading forever, as on a slow network.
 */
export class FakeIdentity implements Identity {
  private user: IdentityUser | null;
  private readonly listeners = new Set<AuthStateListener>();

  constructor(private readonly initial: IdentityUser | null | 'unresolved' = null) {
    this.user = initial === 'unresolved' ? null : initial;
  }

  signUp = vi.fn(async (email: string, _password: string, username: string): Promise<IdentityUser> => {
    this.setUser({ uid: `uid-${username}`, email, displayName: null });
    return this.user!;
  });

  setDisplayName = vi.fn(async (displayName: string) => {
    if (this.user) this.setUser({ ...this.user, displayName });
  });

  signIn = vi.fn(async (email: string, _password: string): Promise<IdentityUser> => {
    this.setUser({ uid: 'me', email, displayName: 'alice' });
    return this.user!;
  });

  signOut = vi.fn(async () => this.setUser(null));

  getIdToken = vi.fn(async () => (this.user ? 'fake-token' : null));

  onAuthStateChanged(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    if (this.initial !== 'unresolved') queueMicrotask(() => listener(this.user));
    return () => this.listeners.delete(listener);
  }

  setUser(user: IdentityUser | null): void {
    this.user = user;
    for (const listener of this.listeners) listener(user);
  }
}

/** An API whose every call succeeds with an empty or default answer unless a test says otherwise. */
export function fakeApi(): Api {
  return {
    users: {
      getOwnProfile: vi.fn(async () => makeProfile()),
      getByUid: vi.fn(async (uid: string) => makeUser({ firebase_uid: uid })),
      saveProfile: vi.fn(async () => makeProfile()),
      publicSaveProfile: vi.fn(async () => makeProfile()),
      getMyFollowing: vi.fn(async () => []),
      listUsers: vi.fn(async () => []),
      follow: vi.fn(async () => {}),
      unfollow: vi.fn(async () => {}),
    },
    messages: {
      conversations: vi.fn(async () => []),
      unreadCounts: vi.fn(async () => []),
      conversation: vi.fn(async () => ({ messages: [], nextBefore: null })),
      markRead: vi.fn(async () => {}),
      send: vi.fn(async (toUid: string, content: string) => ({
        _id: `m-${Math.random().toString(36).slice(2)}`,
        from_uid: 'me',
        to_uid: toUid,
        content,
        createdAt: new Date().toISOString(),
      })),
    },
  };
}

/** The notification socket in memory: tests deliver server events with `deliver`. */
export class FakeRealtime implements Realtime {
  connectedAs: string | null = null;
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();

  connect = vi.fn((uid: string) => {
    this.connectedAs = uid;
  });

  disconnect = vi.fn(() => {
    this.connectedAs = null;
  });

  on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (...args: unknown[]) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (...args: unknown[]) => void);
  }

  deliver<E extends RealtimeEventName>(event: E, ...args: Parameters<RealtimeHandler<E>>): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

export function fakeServices(initialUser: IdentityUser | null | 'unresolved' = null) {
  const identity = new FakeIdentity(initialUser);
  const api = fakeApi();
  const realtime = new FakeRealtime();
  return { identity, api, realtime, services: { identity, api, realtime } satisfies Services };
}

export function apiError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, code, message);
}
