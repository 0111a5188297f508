import type {
  CreateCommentBody,
  EmailPreferencesResponse,
  ListedJoinRequest,
  NotificationsResponse,
  OwnProfile,
  ProjectComment,
  PublicUser,
  Recording,
  RoomSettingsPatch,
  Session,
  ShowcaseTrack,
} from '@riffroom/protocol';
import { EMPTY_PROFILE, NOTIFICATION_KINDS, ROOM_DEFAULT_SETTINGS } from '@riffroom/protocol';
import { vi } from 'vitest';
import type { Services } from '../app/ServicesContext';
import type { Api } from '../services/api';
import { ApiError } from '../services/api';
import type { BrowserFeatures } from '../services/media/browserSupport';
import type { AuthStateListener, Identity, IdentityUser } from '../services/identity';
import type { Realtime, RealtimeEventName, RealtimeHandler } from '../services/realtime';
import { fakeRoomConnector } from './fakeRoom';
import { lateNightRoom } from './roomFixtures';
import { fakeMarketApi } from './fakeMarket';

/** A request by @ana to join the host's 'Open jam'; override what a test needs. */
export function makeJoinRequest(overrides: Partial<ListedJoinRequest> = {}): ListedJoinRequest {
  return {
    _id: 'join-1',
    sessionId: 's1',
    message: 'I play bass',
    status: 'pending',
    createdAt: '2030-01-01T00:00:00.000Z',
    session: { title: 'Open jam', startTime: '2030-01-07T18:00:00.000Z', endTime: '2030-01-07T20:00:00.000Z' },
    requester: { uid: 'artist', name: 'Ana Artist', username: 'ana' },
    host: { uid: 'host', name: 'Hana Host', username: 'hana' },
    ...overrides,
  };
}

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

/** A comment of 'me' as the fake API answers a new one. */
export function fakeComment(fileId: string, body: Partial<CreateCommentBody>): ProjectComment {
  return {
    id: `comment-${Math.random().toString(36).slice(2, 10)}`,
    fileId,
    parentId: body.parentId ?? null,
    authorUid: 'me',
    authorName: 'Me',
    body: body.body ?? '',
    atMs: body.atMs ?? 0,
    endMs: body.endMs ?? null,
    createdAt: new Date().toISOString(),
    editedAt: null,
    resolvedAt: null,
    resolvedByName: null,
  };
}

/** An empty project the fake API answers with. */
function fakeProject(name: string) {
  return {
    id: 'project-0001',
    name,
    ownerUid: 'me',
    ownerName: 'Me',
    createdAt: new Date().toISOString(),
    owned: true,
    members: [],
    tracks: [],
  };
}

/** An API whose every call succeeds with an empty or default answer unless a test says otherwise. */
export function fakeApi(): Api {
  return {
    users: {
      getOwnProfile: vi.fn(async () => makeProfile()),
      getByUid: vi.fn(async (uid: string) => makeUser({ firebase_uid: uid })),
      saveProfile: vi.fn(async () => makeProfile()),
      removePicture: vi.fn(async () => {}),
      publicSaveProfile: vi.fn(async () => makeProfile()),
      getMyFollowing: vi.fn(async () => []),
      listUsers: vi.fn(async () => []),
      follow: vi.fn(async () => {}),
      unfollow: vi.fn(async () => {}),
    },
    messages: {
      conversations: vi.fn(async () => ({ users: [], nextBefore: null })),
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
    sessions: {
      create: vi.fn(async (body) => makeSession({ ...body, _id: 'new-session' } as Partial<Session>)),
      update: vi.fn(async (id: string, body) => makeSession({ ...body, _id: id } as Partial<Session>)),
      cancel: vi.fn(async () => {}),
      ofUser: vi.fn(async () => []),
      requestBooking: vi.fn(async (body) => ({
        ...makeBooking(body.startTime, body.endTime),
        host: null,
      })),
      respondBooking: vi.fn(async (id: string, action) => ({
        ...makeBooking(new Date().toISOString(), new Date().toISOString()),
        _id: id,
        status: action === 'accept' ? ('accepted' as const) : ('declined' as const),
        requestedBy: null,
      })),
      myBookings: vi.fn(async () => ({ incoming: [], outgoing: [] })),
      requestToJoin: vi.fn(async (sessionId: string, message: string) => ({
        _id: 'join-1',
        sessionId,
        message,
        status: 'pending' as const,
        createdAt: new Date().toISOString(),
      })),
      myJoinRequests: vi.fn(async () => ({ incoming: [], outgoing: [] })),
      answerJoinRequest: vi.fn(async (id: string, action) => ({
        ...makeJoinRequest({ _id: id }),
        status: action === 'accept' ? ('accepted' as const) : ('declined' as const),
      })),
    },
    events: {
      all: vi.fn(async () => []),
      feedStatus: vi.fn(async () => ({ active: false, createdAt: null })),
      rotateFeed: vi.fn(async () => ({
        active: true,
        createdAt: new Date().toISOString(),
        path: '/calendar/feed/secret-token-of-the-test.ics',
      })),
      revokeFeed: vi.fn(async () => {}),
    },
    rooms: {
      create: vi.fn(async (body) => ({ roomId: 'room123', name: body.name, settings: { ...ROOM_DEFAULT_SETTINGS } })),
      mine: vi.fn(async () => null),
      setPeer: vi.fn(async () => {}),
      updateSettings: vi.fn(async (_roomId: string, patch: RoomSettingsPatch) => ({
        ...ROOM_DEFAULT_SETTINGS,
        ...patch,
      })),
      get: vi.fn(async (roomId: string) => lateNightRoom(roomId)),
      node: vi.fn(async () => null),
      join: vi.fn(async () => {}),
      leave: vi.fn(async () => {}),
      end: vi.fn(async () => {}),
    },
    recordings: {
      list: vi.fn(async (): Promise<Recording[]> => []),
      share: vi.fn(async (recordingId: string, uids: string[]) => ({
        ...fakeRecording(recordingId),
        sharedWith: uids,
      })),
      download: vi.fn(async () => new Blob(['OggS'])),
      remove: vi.fn(async () => {}),
    },
    notifications: {
      list: vi.fn(async (): Promise<NotificationsResponse> => ({ notifications: [], nextBefore: null })),
      unread: vi.fn(async () => 0),
      markRead: vi.fn(async () => 0),
      markAllRead: vi.fn(async () => 0),
      emailPreferences: vi.fn(async () => fakeEmailPreferences()),
      saveEmailPreferences: vi.fn(async () => fakeEmailPreferences()),
      emailAction: vi.fn(async () => {}),
    },
    market: fakeMarketApi(),
    bookingRoom: {
      mine: vi.fn(async () => ({ incoming: [], outgoing: [] })),
      open: vi.fn(async () => ({ roomId: 'room123', role: 'participant' as const })),
      cancel: vi.fn(async () => {
        throw new Error('not faked');
      }),
      addParticipant: vi.fn(async () => {
        throw new Error('not faked');
      }),
      removeParticipant: vi.fn(async () => {
        throw new Error('not faked');
      }),
    },
    projects: {
      list: vi.fn(async () => []),
      create: vi.fn(async (name: string) => fakeProject(name)),
      get: vi.fn(async (projectId: string) => ({ ...fakeProject('Project'), id: projectId })),
      remove: vi.fn(async () => {}),
      invite: vi.fn(async (projectId: string) => ({ ...fakeProject('Project'), id: projectId })),
      storage: vi.fn(async () => ({ usedBytes: 0, quotaBytes: 20 * 1024 ** 3 })),
      preview: vi.fn(async () => new Blob(['OggS'])),
      peaks: vi.fn(async () => ({ durationMs: 1000, peaks: [[0, 0.5]] })),
      original: vi.fn(async () => new Blob(['RIFF'])),
      removeFile: vi.fn(async (projectId: string) => ({ ...fakeProject('Project'), id: projectId })),
      addFromRecording: vi.fn(async () => {
        throw new Error('not faked');
      }),
      comments: vi.fn(async (): Promise<ProjectComment[]> => []),
      addComment: vi.fn(async (_p: string, fileId: string, body: CreateCommentBody) => fakeComment(fileId, body)),
      editComment: vi.fn(async (_p: string, id: string, body: string) => ({ ...fakeComment('f', {}), id, body })),
      resolveComment: vi.fn(async (_p: string, id: string) => ({ ...fakeComment('f', {}), id })),
      deleteComment: vi.fn(async () => {}),
      showcase: vi.fn(async (): Promise<ShowcaseTrack[]> => []),
      showcasePeaks: vi.fn(async () => ({ durationMs: 1000, peaks: [[0, 0.5]] })),
      showcasePreview: vi.fn(async () => new Blob(['OggS'])),
      setShowcase: vi.fn(async (): Promise<ShowcaseTrack[]> => []),
      idToken: vi.fn(async () => 'fake-token'),
    },
  };
}

/** A finished recording of the host 'me', with a program track, a stem and the mix. */
export function fakeRecording(id = 'rec-0000000001', overrides: Partial<Recording> = {}): Recording {
  return {
    id,
    roomId: 'room123',
    hostUid: 'me',
    startedAt: '2030-01-07T10:00:00.000Z',
    endedAt: '2030-01-07T10:00:12.000Z',
    durationMs: 12_000,
    tracks: [
      { file: 'program.ogg', kind: 'program', label: 'Program audio', userId: null, offsetMs: 0, bytes: 200_000 },
      { file: 'talker-bob.ogg', kind: 'talker', label: 'Bob', userId: 'bob', offsetMs: 0, bytes: 50_000 },
      { file: 'mix.ogg', kind: 'mix', label: 'Rough mix', userId: null, offsetMs: 0, bytes: 150_000 },
    ],
    sizeBytes: 400_000,
    status: 'complete',
    message: null,
    sharedWith: [],
    members: [{ uid: 'bob', name: 'Bob' }],
    roomName: 'Late night session',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    _id: 's1',
    host: 'me',
    bookedBy: null,
    title: 'Session',
    description: '',
    startTime: '2030-01-07T10:00:00.000Z',
    endTime: '2030-01-07T12:00:00.000Z',
    visibility: 'public',
    type: 'collaboration',
    location: '',
    genre: '',
    price: 0,
    maxParticipants: null,
    equipment: [],
    status: 'confirmed',
    ...overrides,
  };
}

function makeBooking(startTime: string, endTime: string) {
  return {
    _id: 'b1',
    title: 'Booked session',
    message: '',
    startTime,
    endTime,
    status: 'pending' as const,
    sessionId: null,
    createdAt: new Date().toISOString(),
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

/** A browser with everything a room needs; tests take some away to see the room say so. */
export const FULL_BROWSER: BrowserFeatures = {
  webrtc: true,
  screenCapture: true,
  relayAudioEncode: true,
  trackProcessor: true,
  relayAudioDecode: true,
};

export function fakeServices(
  initialUser: IdentityUser | null | 'unresolved' = null,
  browser: Partial<BrowserFeatures> = {},
) {
  const identity = new FakeIdentity(initialUser);
  const api = fakeApi();
  const realtime = new FakeRealtime();
  const rooms = fakeRoomConnector();
  return {
    identity,
    api,
    realtime,
    rooms,
    services: {
      identity,
      api,
      realtime,
      connectRoom: rooms.connectRoom,
      browser: { ...FULL_BROWSER, ...browser },
    } satisfies Services,
  };
}

export function apiError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, code, message);
}

/** Every kind at its default, on a box that sends mail. */
export function fakeEmailPreferences(): EmailPreferencesResponse {
  const email = Object.fromEntries(Object.entries(NOTIFICATION_KINDS).map(([kind, { email }]) => [kind, email]));
  return { email: email as EmailPreferencesResponse['email'], mailEnabled: true };
}
