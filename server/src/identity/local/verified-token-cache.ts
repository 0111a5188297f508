import type { IdTokenClaims } from './id-token.js';

/** A client signs in per tab and refreshes hourly, so this covers thousands of active devices. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface Entry {
  claims: IdTokenClaims;
  expiresAtMs: number;
}

/**
 * ID tokens whose signature and claims were already verified, until they expire. A client sends
 * the same token with every request for its whole lifetime, and checking its ES256 signature
 * again each time was the largest single cost of a request (bench/api-messages). Only the
 * signature check is skipped: the session behind the token is still looked up on every request,
 * so signing out takes effect at once. Keyed by the whole token, so a token differing in any byte
 * (another signature, other claims) is verified afresh.
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly capacity = VERIFIED_TOKEN_CACHE_SIZE,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): IdTokenClaims | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.expiresAtMs <= this.now()) {
      this.entries.delete(token);
      return null;
    }
    return entry.claims;
  }

  set(token: string, claims: IdTokenClaims, expiresAtMs: number): void {
    this.entries.delete(token);
    this.entries.set(token, { claims, expiresAtMs });
    // Insertion order: the first key is the oldest token seen, the first to give up its place.
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}
