import { randomUUID } from 'node:crypto';
import { socketHandshakeAuthSchema } from '@riffroom/protocol';
import type { RealtimeSocket, TokenVerifier } from './types.js';

/**
 * Handshake middleware: a valid token makes the socket that user's; no token makes it an
 * anonymous guest; a bad token is refused outright, so nobody is silently downgraded.
 */
export function authenticateHandshake(verify: TokenVerifier) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void) => {
    socket.data.guestId = `guest-${randomUUID()}`;
    socket.data.roomId = null;
    socket.data.member = null;
    const parsed = socketHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    if (!parsed.success) return next(new Error('auth/invalid-handshake'));
    if (!parsed.data.token) {
      socket.data.uid = null;
      socket.data.sessionId = null;
      return next();
    }
    try {
      const identity = await verify(parsed.data.token);
      socket.data.uid = identity.uid;
      socket.data.sessionId = identity.sessionId ?? null;
      next();
    } catch {
      next(new Error('auth/unauthenticated'));
    }
  };
}
