import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A refresh token is `<sessionId>.<secret>`: the id finds the session, the secret proves possession. */
export function newRefreshToken(sessionId: string = randomUUID()): { sessionId: string; token: string } {
  return { sessionId, token: `${sessionId}.${randomBytes(32).toString('base64url')}` };
}

export function parseRefreshToken(token: string): { sessionId: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot === token.length - 1) return null;
  return { sessionId: token.slice(0, dot) };
}

/** Only the hash is stored, so a leaked database does not leak usable tokens. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
