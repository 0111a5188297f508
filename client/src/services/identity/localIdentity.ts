import { restRoutes, type AuthResponse } from '@riffroom/protocol';
import { ApiError } from '../api/errors';
import { requestJson, type FetchLike } from '../api/http';
import type { AuthStateListener, Identity, IdentityUser } from './types';

/** Only the refresh token outlives a reload; the short-lived ID token stays in memory. */
export const REFRESH_TOKEN_KEY = 'riffroom.refreshToken';
/** Refresh this long before the ID token expires, so a call never races its expiry. */
const REFRESH_MARGIN_MS = 60_000;

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LocalIdentityOptions {
  fetch?: FetchLike;
  storage?: TokenStorage | null;
  now?: () => number;
  /** Serialises refreshes across tabs: the server revokes a session whose old token comes back. */
  locks?: Pick<LockManager, 'request'> | null;
  /** Tells this tab when another tab signed in or out. */
  subscribeToStorage?: (onChange: (key: string | null) => void) => () => void;
}

interface Session {
  user: IdentityUser;
  idToken: string;
  expiresAt: number;
}

function sameUser(a: IdentityUser | null, b: IdentityUser | null): boolean {
  if (!a || !b) return a === b;
  return a.uid === b.uid && a.email === b.email && a.displayName === b.displayName;
}

function browserStorageEvents(onChange: (key: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handler = (event: StorageEvent) => onChange(event.key);
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}

/** The built-in identity provider's client: the /api/auth endpoints, with token upkeep. */
export class LocalIdentity implements Identity {
  private readonly fetch: FetchLike;
  private readonly storage: TokenStorage | null;
  private readonly now: () => number;
  private readonly locks: Pick<LockManager, 'request'> | null;
  private readonly listeners = new Set<AuthStateListener>();
  private session: Session | null = null;
  private announced: IdentityUser | null = null;
  private announcedOnce = false;
  /** False until the stored session (if any) has been checked with the server. */
  private known = false;
  private readonly ready: Promise<void>;
  /** One refresh at a time: refresh tokens rotate, so two parallel refreshes would end the session. */
  private refreshing: Promise<Session | null> | null = null;

  constructor(options: LocalIdentityOptions = {}) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this.now = options.now ?? Date.now;
    this.locks = options.locks === undefined ? defaultLocks() : options.locks;
    (options.subscribeToStorage ?? browserStorageEvents)((key) => this.onStorageChange(key));
    this.ready = this.restore();
  }

  async signUp(email: string, password: string, username: string): Promise<IdentityUser> {
    const response = await requestJson(this.fetch, restRoutes.signUp, {
      body: { email, password, username },
    });
    return this.accept(response).user;
  }

  async signIn(email: string, password: string): Promise<IdentityUser> {
    const response = await requestJson(this.fetch, restRoutes.logIn, {
      body: { email, password },
    });
    return this.accept(response).user;
  }

  async setDisplayName(displayName: string): Promise<void> {
    const token = await this.getIdToken();
    const { user } = await requestJson(this.fetch, restRoutes.updateMe, {
      body: { displayName },
      token,
    });
    if (this.session && this.session.user.uid === user.uid) this.setSession({ ...this.session, user });
  }

  async signOut(): Promise<void> {
    // A fresh token first, so the server can revoke the session even after an idle hour.
    const token = await this.getIdToken().catch(() => null);
    const refreshToken = this.readRefreshToken();
    this.writeRefreshToken(null);
    this.setSession(null);
    if (!token) return;
    await requestJson(this.fetch, restRoutes.logOut, {
      body: refreshToken ? { refreshToken } : {},
      token,
    }).catch(() => {
      // Signed out here regardless; an unrevoked session is still useless without its tokens.
    });
  }

  onAuthStateChanged(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    if (this.known) {
      // Asynchronously, like the Firebase SDK, so callers can finish subscribing first.
      queueMicrotask(() => {
        if (this.listeners.has(listener)) listener(this.announced);
      });
    }
    return () => this.listeners.delete(listener);
  }

  async getIdToken(forceRefresh = false): Promise<string | null> {
    await this.ready;
    if (!this.session) return null;
    if (forceRefresh || this.session.expiresAt - this.now() < REFRESH_MARGIN_MS) {
      return (await this.refresh())?.idToken ?? null;
    }
    return this.session.idToken;
  }

  private async restore(): Promise<void> {
    if (this.readRefreshToken()) {
      await this.refresh().catch(() => {
        // Offline or the session ended: start signed out; a stored token that still works is kept.
      });
    }
    this.known = true;
    this.announce();
  }

  private refresh(): Promise<Session | null> {
    this.refreshing ??= this.exclusively(() => this.refreshNow()).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshNow(): Promise<Session | null> {
    // Read inside the lock: another tab may have just rotated the token.
    const refreshToken = this.readRefreshToken();
    if (!refreshToken) {
      this.setSession(null);
      return null;
    }
    try {
      const response = await requestJson(this.fetch, restRoutes.refresh, {
        body: { refreshToken },
      });
      return this.accept(response);
    } catch (error) {
      const rejected = error instanceof ApiError && (error.status === 400 || error.status === 401);
      if (rejected && this.readRefreshToken() === refreshToken) {
        this.writeRefreshToken(null);
        this.setSession(null);
      }
      throw error;
    }
  }

  private exclusively<T>(task: () => Promise<T>): Promise<T> {
    if (!this.locks) return task();
    return this.locks.request('riffroom-auth-refresh', task) as Promise<T>;
  }

  private accept(response: AuthResponse): Session {
    this.writeRefreshToken(response.refreshToken);
    const session = {
      user: response.user,
      idToken: response.idToken,
      expiresAt: this.now() + response.expiresIn * 1000,
    };
    this.setSession(session);
    return session;
  }

  private setSession(session: Session | null): void {
    this.session = session;
    if (this.known) this.announce();
  }

  /** Tells listeners only about real changes: a token refresh is not a new sign-in. */
  private announce(): void {
    const user = this.session?.user ?? null;
    if (this.announcedOnce && sameUser(this.announced, user)) return;
    this.announced = user;
    this.announcedOnce = true;
    for (const listener of [...this.listeners]) listener(user);
  }

  private onStorageChange(key: string | null): void {
    if (key !== null && key !== REFRESH_TOKEN_KEY) return;
    if (!this.readRefreshToken()) {
      this.setSession(null); // signed out in another tab
    } else if (!this.session && this.known) {
      void this.refresh().catch(() => {}); // signed in in another tab
    }
  }

  private readRefreshToken(): string | null {
    try {
      return this.storage?.getItem(REFRESH_TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  }

  private writeRefreshToken(token: string | null): void {
    try {
      if (token) this.storage?.setItem(REFRESH_TOKEN_KEY, token);
      else this.storage?.removeItem(REFRESH_TOKEN_KEY);
    } catch {
      // Storage disabled (private mode): the session simply will not survive a reload.
    }
  }
}

function defaultStorage(): TokenStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function defaultLocks(): Pick<LockManager, 'request'> | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}
