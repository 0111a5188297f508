import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';

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

/** The key only the holder of `token` has: the store keeps the token's hash, never the token. */
const sealingKey = (token: string) => createHash('sha256').update(`riffroom refresh seal v1\0${token}`).digest();

/**
 * `next` encrypted (AES-256-GCM) under a key derived from `previous`, the token it replaced: someone
 * who presents `previous` again can be handed `next`, and a copy of the database cannot.
 */
export function sealNextToken(previous: string, next: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(previous), iv);
  const sealed = Buffer.concat([cipher.update(next, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The token sealNextToken sealed with `previous`, or null when `previous` is not the one. */
export function unsealNextToken(previous: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(previous), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
