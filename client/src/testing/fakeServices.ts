import type { OwnProfile, PublicUser } from '@riffroom/protocol';
import { EMPTY_PROFILE, ROOM_DEFAULT_SETTINGS } from '@riffroom/protocol';
import { vi } from 'vitest';
import type { Services } from '../app/ServicesContext';
import type { Api } from '../services/api';
import { ApiError } from '../services/api';
import type { AuthStateListener, Identity, IdentityUser } from '../services/identity';
import { fakeRoomConnector } from './fakeRoom';

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
    rooms: {
      create: vi.fn(async (body) => ({ roomId: 'room123', name: body.name, settings: { ...ROOM_DEFAULT_SETTINGS } })),
      setPeer: vi.fn(async () => {}),
      get: vi.fn(async (roomId: string) => ({
        roomId,
        name: 'Late Night Session',
        settings: { isPublic: true, maxParticipants: 10, allowGuestAccess: true },
        host: { firebase_uid: 'host', user_name: 'Hana Host' },
        participants: [],
        hostPeerId: null,
        createdAt: new Date(0).toISOString(),
      })),
      join: vi.fn(async () => {}),
      leave: vi.fn(async () => {}),
      end: vi.fn(async () => {}),
    },
    messages: {
      send: vi.fn(async (body) => ({
        _id: '1',
        from_uid: 'me',
        to_uid: body.to_uid,
        content: body.content,
        createdAt: new Date(0).toISOString(),
      })),
    },
  };
}

export function fakeServices(initialUser: IdentityUser | null | 'unresolved' = null) {
  const identity = new FakeIdentity(initialUser);
  const api = fakeApi();
  const rooms = fakeRoomConnector();
  return { identity, api, rooms, services: { identity, api, connectRoom: rooms.connectRoom } satisfies Services };
}

export function apiError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, code, message);
}
