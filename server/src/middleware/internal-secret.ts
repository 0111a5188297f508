import { createHash, timingSafeEqual } from 'node:crypto';
import { INTERNAL_SECRET_HEADER } from '@riffroom/protocol';
import type { Middleware } from 'koa';
import { unauthorized } from '../errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The internal routes answer only callers that hold INTERNAL_SECRET (the media nodes). Both sides
 * are hashed first so the comparison is constant-time whatever the lengths.
 */
export function requireInternalSecret(secret: string): Middleware {
  const expected = digest(secret);
  return async (ctx, next) => {
    const sent = ctx.get(INTERNAL_SECRET_HEADER);
    if (!sent || !timingSafeEqual(digest(sent), expected)) {
      throw unauthorized('auth/unauthenticated', 'This route is for the media nodes only.');
    }
    await next();
  };
}
