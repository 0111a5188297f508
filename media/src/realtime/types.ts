import type {
  BUS_SERVER_EVENT,
  ClientToServerEvents,
  TALKBACK_CONTROLS_SERVER_EVENT,
  RoomPeer,
  ServerToClientEvents,
} from '@riffroom/protocol';
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
  /**
   * Who this socket is in its room, once admitted: what room-update counts across every node
   * (fetchSockets sees socket.data on other nodes, never their LiveRoom), and the peers and PeerJS
   * ids other nodes list (room-peers.ts). Null outside a room.
   */
  member: (RoomPeer & { key: string; p2pPeerId: string | null }) | null;
}

/**
 * What nodes tell each other: the API's bus events that need node code (room-ended), via the
 * emitter; a host's guest talkback change, from the host's node (room-talkback.ts).
 */
export interface ServerSideEvents {
  [BUS_SERVER_EVENT]: (event: unknown) => void;
  [TALKBACK_CONTROLS_SERVER_EVENT]: (event: unknown) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>;

/** Turns an ID token into a uid or throws; provided by whoever hosts the media node. */
export type TokenVerifier = (token: string) => Promise<{ uid: string; sessionId?: string }>;

// The channel names live in the contract: the API addresses them through the Redis emitter.
export { roomChannel, sessionChannel, userRoom } from '@riffroom/protocol';
