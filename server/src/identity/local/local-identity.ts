import { randomBytes } from 'node:crypto';
import type { AuthResponse, JwksResponse, LoginBody, SignupBody } from '@riffroom/protocol';
import { badRequest, unauthorized } from '../../errors.js';
import type { LocalAccount, LocalAccountsRepository } from '../../repositories/local-accounts.js';
import type { RefreshTokenRow, RefreshTokensRepository } from '../../repositories/refresh-tokens.js';
import type { UsersRepository } from '../../repositories/users.js';
import type { IdentityVerifier, VerifiedIdentity } from '../types.js';
import { signIdToken, verifyIdTokenSignature, type IdTokenClaims } from './id-token.js';
import type { BoundedConcurrency } from '../../limits/bounded-concurrency.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyPassword } from './password.js';
import {
  hashRefreshToken,
  newRefreshToken,
  parseRefreshToken,
  sealNextToken,
  unsealNextToken,
} from './refresh-token.js';
import type { SigningKey } from './signing-key.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

export interface LocalIdentityOptions {
  key: SigningKey;
  accounts: LocalAccountsRepository;
  refreshTokens: RefreshTokensRepository;
  users: UsersRepository;
  throttle: LoginThrottle;
  /** Every password hash and check goes through this: a bounded number of scrypt runs at once. */
  hashing: BoundedConcurrency;
  idTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /**
   * REFRESH_REUSE_GRACE_S: how long after a rotation the replaced refresh token still answers, with
   * the same new token (a lost answer, a tab closed mid-refresh). After it, a replaced token coming
   * back ends the session. 0: never.
   */
  refreshReuseGraceSeconds: number;
  now?: () => number;
  /** Told when sessions end, so whatever holds them open (the realtime sockets) can close them. */
  onSessionsEnded?: (uid: string, sessionIds: string[]) => void;
}

const invalidRefreshToken = () =>
  unauthorized('auth/invalid-refresh-token', 'The refresh token is invalid, expired or revoked. Sign in again.');

/** Firebase-compatible uids: 28 URL-safe characters. */
const newUid = () => randomBytes(21).toString('base64url');

/** The built-in identity provider: accounts, password checks, ID tokens and refresh sessions. */
export class LocalIdentity implements IdentityVerifier {
  private readonly now: () => number;
  private readonly verifiedTokens: VerifiedTokenCache;

  constructor(private readonly options: LocalIdentityOptions) {
    this.now = options.now ?? Date.now;
    this.verifiedTokens = new VerifiedTokenCache(undefined, this.now);
  }

  /** GET /.well-known/jwks.json: the public key media nodes verify ID tokens with. */
  publicJwks(): JwksResponse['keys'] {
    return [this.options.key.publicJwk as JwksResponse['keys'][number]];
  }

  async signUp(body: SignupBody): Promise<AuthResponse> {
    const { accounts, users, hashing } = this.options;
    if (await accounts.findByEmail(body.email)) {
      throw badRequest('auth/email-already-in-use', 'The email address is already in use by another account.');
    }
    if (await users.findByUsername(body.username)) {
      throw badRequest('auth/username-already-in-use', 'That username is already taken.');
    }
    const account: LocalAccount = {
      uid: newUid(),
      email: body.email,
      password_hash: await hashing.run(() => hashPassword(body.password)),
      display_name: body.username,
      created_at: this.now(),
    };
    const session = this.newSession(account);
    try {
      await accounts.insertWithFirstSession(account, session.row);
    } catch (error) {
      // Two signups racing for one email: the unique index decides, the loser gets the same answer.
      if (await accounts.findByEmail(body.email)) {
        throw badRequest('auth/email-already-in-use', 'The email address is already in use by another account.');
      }
      throw error;
    }
    return this.respond(account, session.row.id, session.token);
  }

  /** `address` is the caller's, as the trusted proxy hops report it (login-throttle.ts). */
  async signIn(body: LoginBody, address: string): Promise<AuthResponse> {
    const { accounts, throttle, hashing } = this.options;
    // Counted before anything is checked: concurrent guesses cannot all slip past the limit.
    const attempt = await throttle.reserve(body.email, address);
    const account = await accounts.findByEmail(body.email);
    if (!account) {
      await throttle.failed();
      throw unauthorized('auth/user-not-found', 'There is no user record corresponding to this email.');
    }
    let matches: boolean;
    try {
      matches = await hashing.run(() => verifyPassword(body.password, account.password_hash));
    } catch (error) {
      // Refused for load, the password was never checked: that is no failed attempt.
      await throttle.cancel(attempt);
      throw error;
    }
    if (!matches) {
      await throttle.failed();
      throw unauthorized('auth/wrong-password', 'The password is invalid.');
    }
    await throttle.succeeded(attempt);
    return this.startSession(account);
  }

  async refresh(refreshToken: string): Promise<AuthResponse> {
    const { refreshTokens, accounts } = this.options;
    const parsed = parseRefreshToken(refreshToken);
    const session = parsed && (await refreshTokens.findById(parsed.sessionId));
    if (!session || session.revoked_at !== null || session.expires_at <= this.now()) throw invalidRefreshToken();
    const presentedHash = hashRefreshToken(refreshToken);
    const account = await accounts.findByUid(session.uid);
    if (!account) throw invalidRefreshToken();
    if (presentedHash === session.token_hash) {
      const next = newRefreshToken(session.id);
      const rotated = await refreshTokens.rotate(session.id, presentedHash, {
        token_hash: hashRefreshToken(next.token),
        previous_token_hash: presentedHash,
        rotated_at: this.now(),
        next_token_sealed: sealNextToken(refreshToken, next.token),
      });
      if (rotated) return this.respond(account, session.id, next.token);
      // A concurrent refresh with the same token won: this one is its repeat, answered alike below.
    }
    const latest = await refreshTokens.findById(session.id);
    const repeated = latest && latest.revoked_at === null && this.repeatedAnswer(latest, refreshToken, presentedHash);
    if (repeated) return this.respond(account, session.id, repeated);
    // An already-rotated token came back after the grace: someone else holds a copy. End the session
    // for both.
    await refreshTokens.revoke(session.id, this.now());
    this.options.onSessionsEnded?.(session.uid, [session.id]);
    throw invalidRefreshToken();
  }

  /**
   * The token the last rotation handed out, when `presented` is the one it replaced and the grace
   * has not run out: the client never got that answer (a lost response, a closed tab), so it gets it
   * again rather than losing the session on every device. Null otherwise.
   */
  private repeatedAnswer(session: RefreshTokenRow, presented: string, presentedHash: string): string | null {
    const { previous_token_hash, rotated_at, next_token_sealed } = session;
    if (previous_token_hash !== presentedHash || !rotated_at || !next_token_sealed) return null;
    if (this.now() - rotated_at > this.options.refreshReuseGraceSeconds * 1000) return null;
    const next = unsealNextToken(presented, next_token_sealed);
    // Only while that token is still the session's current one: once it was used, this is reuse.
    return next && hashRefreshToken(next) === session.token_hash ? next : null;
  }

  /** Ends the session that issued the caller's token, or the one the given refresh token names. */
  async signOut(identity: VerifiedIdentity & { sessionId?: string }, refreshToken?: string): Promise<void> {
    const { refreshTokens } = this.options;
    const sessionIds = new Set<string>();
    if (identity.sessionId) sessionIds.add(identity.sessionId);
    const named = refreshToken ? parseRefreshToken(refreshToken) : null;
    if (named) {
      const session = await refreshTokens.findById(named.sessionId);
      // Someone else's refresh token is not the caller's to revoke.
      if (session && session.uid === identity.uid) sessionIds.add(session.id);
    }
    // One statement: signing out of two sessions ends both or neither.
    if (sessionIds.size > 0) await refreshTokens.revokeMany([...sessionIds], this.now());
    if (sessionIds.size > 0) this.options.onSessionsEnded?.(identity.uid, [...sessionIds]);
  }

  async setDisplayName(uid: string, displayName: string): Promise<{ uid: string; email: string; displayName: string }> {
    const account = await this.options.accounts.findByUid(uid);
    if (!account) throw unauthorized('auth/user-not-found', 'There is no user record corresponding to this token.');
    await this.options.accounts.setDisplayName(uid, displayName);
    return { uid, email: account.email, displayName };
  }

  async verifyIdToken(token: string): Promise<VerifiedIdentity & { sessionId: string }> {
    const claims = this.verifiedTokens.get(token) ?? (await this.verifySignature(token));
    // Checked on every request so that signing out takes effect at once, not when the token expires.
    const session = await this.options.refreshTokens.findById(claims.sessionId);
    if (!session || session.revoked_at !== null || session.uid !== claims.uid) {
      throw unauthorized('auth/unauthenticated', 'This session has ended. Sign in again.');
    }
    return { uid: claims.uid, email: claims.email, sessionId: claims.sessionId };
  }

  private async verifySignature(token: string): Promise<IdTokenClaims> {
    const { claims, expiresAtMs } = await verifyIdTokenSignature(this.options.key, token);
    this.verifiedTokens.set(token, claims, expiresAtMs);
    return claims;
  }

  /** A new sign-in session of `account`: its row to store and the refresh token to hand out. */
  private newSession(account: LocalAccount): { row: RefreshTokenRow; token: string } {
    const { sessionId, token } = newRefreshToken();
    const createdAt = this.now();
    const row: RefreshTokenRow = {
      id: sessionId,
      uid: account.uid,
      token_hash: hashRefreshToken(token),
      created_at: createdAt,
      expires_at: createdAt + this.options.refreshTokenTtlDays * 86_400_000,
      revoked_at: null,
    };
    return { row, token };
  }

  private async startSession(account: LocalAccount): Promise<AuthResponse> {
    const session = this.newSession(account);
    await this.options.refreshTokens.insert(session.row);
    return this.respond(account, session.row.id, session.token);
  }

  private async respond(account: LocalAccount, sessionId: string, refreshToken: string): Promise<AuthResponse> {
    const { key, idTokenTtlSeconds } = this.options;
    const idToken = await signIdToken(
      key,
      { uid: account.uid, email: account.email, displayName: account.display_name, sessionId },
      idTokenTtlSeconds,
    );
    return {
      idToken,
      refreshToken,
      expiresIn: idTokenTtlSeconds,
      user: { uid: account.uid, email: account.email, displayName: account.display_name },
    };
  }
}
