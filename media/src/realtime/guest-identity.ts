import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * How long a guest token lets an anonymous guest come back as the same person (a reload, a socket
 * drop, a server drain and restart). Every join-room hands out a fresh one, so only a guest away
 * longer than this comes back as someone new.
 */
export const GUEST_TOKEN_TTL_MS = 12 * 3600 * 1000;
const VERSION = 'g1';
const GUEST_ID = /^guest-[0-9a-f-]{36}$/;

/** The key the scaled setup's processes share without another secret: one derived from INTERNAL_SECRET. */
export function guestIdentityKeyFrom(internalSecret: string): Buffer {
  return createHmac('sha256', internalSecret).update('riffroom guest identity v1').digest();
}

/**
 * Anonymous guests' identities. A guest is a server-made random id; join-room hands the guest a token
 * that names it, signed with this key (HMAC-SHA256) and short-lived, which the client presents at its
 * next handshake. Nothing is kept per guest: what a caller can make the server sign is only an id the
 * server drew itself, with an expiry, once per join; a token that does not verify makes a new guest.
 */
export class GuestIdentities {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new guest's id. */
  newGuestId(): string {
    return `guest-${randomUUID()}`;
  }

  /** A token naming `guestId` until GUEST_TOKEN_TTL_MS from now. */
  issue(guestId: string): string {
    const body = `${VERSION}.${guestId}.${(this.now() + GUEST_TOKEN_TTL_MS).toString(36)}`;
    return `${body}.${this.sign(body)}`;
  }

  /** The guest id the token names, or null when it is malformed, forged or expired. */
  verify(token: string): string | null {
    const parts = token.split('.');
    if (parts.length !== 4) return null;
    const [version, guestId, expires, signature] = parts as [string, string, string, string];
    if (version !== VERSION || !GUEST_ID.test(guestId)) return null;
    const expected = Buffer.from(this.sign(`${version}.${guestId}.${expires}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const expiresAt = parseInt(expires, 36);
    return Number.isFinite(expiresAt) && expiresAt > this.now() ? guestId : null;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
