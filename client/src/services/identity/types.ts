import type { AuthUser } from '@riffroom/protocol';

/** Who is signed in, as the identity provider knows them (not the profile). */
export type IdentityUser = AuthUser;

export type AuthStateListener = (user: IdentityUser | null) => void;

/**
 * The one identity service the client sees (ARCHITECTURE.md "Sign in and a token"), whichever provider the deployment
 * chose. Failures reject with an error carrying Firebase-style `code` and a `message`.
 */
export interface Identity {
  /** `username` is what the built-in provider files the account under; Firebase ignores it. */
  signUp(email: string, password: string, username: string): Promise<IdentityUser>;
  setDisplayName(displayName: string): Promise<void>;
  signIn(email: string, password: string): Promise<IdentityUser>;
  signOut(): Promise<void>;
  /** Called once the initial state is known (a user or null), then on every change. */
  onAuthStateChanged(listener: AuthStateListener): () => void;
  /** A valid ID token for the bearer header, or null when nobody is signed in. */
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
}

/** An error raised by the client itself, shaped like the provider's own. */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
