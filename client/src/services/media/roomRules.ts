import { RoomRequestError } from './roomSocket';
import type { RoomState } from './roomState';

/** How the room connection reads what the server said: pure rules, kept apart from the wiring. */

/** What the screen says when the socket or join-room failed (spec part 8's room messages). */
export function connectFailure(error: unknown): Pick<RoomState, 'error' | 'joinRefused'> {
  const code = error instanceof RoomRequestError ? error.code : '';
  if (code === 'room/connection-timeout' || code === 'room/request-timeout' || code === 'room/bad-ack') {
    return { error: 'Unable to connect. Please try again.', joinRefused: null };
  }
  // The server said no (unknown or ended room, full, guests off): asking again will not help.
  if (code.startsWith('room/')) return { error: (error as Error).message, joinRefused: (error as Error).message };
  if (code.startsWith('auth/')) return { error: 'Failed to connect to room', joinRefused: null };
  return { error: 'Unable to connect. Please try again.', joinRefused: null };
}

/** A host who left stays 'left' (host-left comes first); one never seen stays 'waiting'. */
export function offlinePresence(current: RoomState['hostPresence']): RoomState['hostPresence'] {
  return current === 'online' ? 'disconnected' : current;
}

export function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
