import { socketHandshakeAuthSchema } from '@riffroom/protocol';
import type { GuestIdentities } from './guest-identity.js';
import type { RealtimeSocket, TokenVerifier } from './types.js';

/**
 * Handshake middleware: a valid token makes the socket that user's; no token makes it an
 * anonymous guest; a bad token is refused outright, so nobody is silently downgraded. A guest that
 * presents the guest token it was given (guest-identity.ts) is the same guest again; without one,
 * or with one that does not verify, it is a new guest (a guest has nothing to lose by that).
 */
export function authenticateHandshake(verify: TokenVerifier, guests: GuestIdentities) {
  return async (socket: RealtimeSocket, next: (error?: Error) => void) => {
    socket.data.roomId = null;
    socket.data.member = null;
    const parsed = socketHandshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
    socket.data.guestId =
      (parsed.success && parsed.data.guest && guests.verify(parsed.data.guest)) || guests.newGuestId();
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
