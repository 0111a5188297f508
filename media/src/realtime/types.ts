import type { ClientToServerEvents, ServerToClientEvents } from '@riffroom/protocol';
import type { Server, Socket } from 'socket.io';

export interface SocketData {
  /** The verified uid of a signed-in user; null for an anonymous guest. */
  uid: string | null;
  /** The sign-in session the token belongs to, when the identity provider names one. */
  sessionId: string | null;
  /** Generated at the handshake; names an anonymous guest (and is unused once signed in). */
  guestId: string;
  /** The room this socket joined with join-room; one room per socket. */
  roomId: string | null;
  /** The client's address (behind the trusted proxy hops): the per-address limits' key. */
  address: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Turns an ID token into a uid or throws; provided by whoever hosts the media node. */
export type TokenVerifier = (token: string) => Promise<{ uid: string; sessionId?: string }>;

/** The room every socket of one user joins, so an event reaches all their tabs and devices. */
export const userRoom = (uid: string) => `user:${uid}`;

/** The Socket.IO room of a collaboration room's sockets. */
export const roomChannel = (roomId: string) => `room:${roomId}`;
