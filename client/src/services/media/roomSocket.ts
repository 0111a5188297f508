/// <reference types="vite/client" />
import {
  describeZodError,
  RefusalError,
  ROOM_CONNECTION_TIMEOUT_MS,
  ROOM_RECONNECT_ATTEMPTS,
  socketRequests,
  type ClientToServerEvents,
  type RequestAck,
  type ServerToClientEvents,
} from '@riffroom/protocol';
import { io, type Socket } from 'socket.io-client';
import { socketTransports } from '../realtime/socketTransports';
import { savedGuestToken } from './guestToken';
import type { RoomEvents, RoomRequestName, RoomRequests } from './roomProtocol';

/**
 * A refused or unanswered request: the protocol's RefusalError, carrying the server's code (e.g.
 * `room/full`) or one of the client's own (`room/request-timeout`, `sfu/transport-failed`, ...).
 */
export class RoomRequestError extends RefusalError {
  override readonly name = 'RoomRequestError';
}

/**
 * In development and tests every successful ack is checked against its request's schema, so a
 * server that drifts from the contract fails loudly; production trusts the server and skips the cost.
 */
const CHECK_ACKS = import.meta.env.DEV;

/** The ack's data if it matches the request's schema (the data itself, untouched), else a refusal. */
function checkedData<K extends RoomRequestName>(event: K, ack: RequestAck<K>): unknown {
  const data = 'data' in ack ? ack.data : undefined;
  if (!CHECK_ACKS) return data;
  const checked = socketRequests[event].ack.safeParse(data);
  if (!checked.success) {
    throw new RoomRequestError('room/bad-ack', `${event} answered off contract: ${describeZodError(checked.error)}`);
  }
  return data;
}

/** Spec part 4: what the screen says once the socket's reconnection attempts ran out. */
export const UNABLE_TO_CONNECT = 'Unable to connect. Please try again.';
const unreachable = () => new RoomRequestError('room/unreachable', UNABLE_TO_CONNECT);

/** Spec part 9: 10 s per connection attempt, 3 reconnection attempts for the dedicated server. */
export const CONNECT_TIMEOUT_MS = ROOM_CONNECTION_TIMEOUT_MS;
export const RECONNECTION_ATTEMPTS = ROOM_RECONNECT_ATTEMPTS;
/**
 * Spec part 9 gives a first connection 10 s at the dedicated server and 10 s at the fallback, so a
 * screen that never connects says 'Unable to connect. Please try again.' after 20 s. Socket.IO's own
 * count (a 10 s attempt, then 3 reconnections of 10 s each with back-off between) took about 48 s
 * when nothing answered (issue 37); its attempts run inside this budget, and the reconnection
 * attempts still apply in full to a connection that was up and dropped.
 */
export const FIRST_CONNECT_BUDGET_MS = 2 * CONNECT_TIMEOUT_MS;

export interface RoomSocket {
  request<K extends RoomRequestName>(event: K, payload: RoomRequests[K][0]): Promise<RoomRequests[K][1]>;
  /** Fire and forget, for the high-rate cursor where a lost position is replaced by the next. */
  emit<K extends RoomRequestName>(event: K, payload: RoomRequests[K][0]): void;
  on<K extends keyof RoomEvents>(event: K, listener: RoomEvents[K]): () => void;
  /** Resolves once connected; rejects with `room/unreachable` after the attempts run out. */
  connected(): Promise<void>;
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  /**
   * The socket stopped trying: its reconnection attempts ran out, or the server closed it (a restart
   * or a shutdown), after which Socket.IO never reconnects by itself. Only a new connection helps.
   */
  onGiveUp(listener: () => void): () => void;
  /** The media node this socket is placed on (the room API's answer); null: this page's own server. */
  nodeUrl?(): string | null;
  close(): void;
}

export interface RoomSocketOptions {
  /** The signed-in user's ID token, or null for an anonymous guest. */
  token: string | null;
  url?: string;
  requestTimeoutMs?: number;
  /**
   * Scaled out: where the room's media node is now (GET /api/rooms/{roomId}/node; null: this page's
   * server). Asked before connecting and again whenever the connection drops or a reconnection
   * fails, so a client whose node died reconnects to the live node the API places it on.
   */
  locate?: () => Promise<string | null>;
}

/**
 * One Socket.IO connection for one room screen. Requests are acknowledged (`{ok, data}` or
 * `{ok:false, code, message}`) and become promises, so callers read like plain async code.
 */
export function connectRoomSocket({
  token,
  url,
  requestTimeoutMs = CONNECT_TIMEOUT_MS,
  locate,
}: RoomSocketOptions): RoomSocket {
  const options = {
    path: '/socket.io',
    // Read at every (re)connection: a guest presents the guest token its last join-room gave it.
    auth: (give: (auth: { token?: string; guest?: string }) => void) => {
      const guest = token ? null : savedGuestToken();
      give(token ? { token } : guest ? { guest } : {});
    },
    timeout: CONNECT_TIMEOUT_MS,
    reconnectionAttempts: RECONNECTION_ATTEMPTS,
    ...socketTransports(),
    // Placed sockets move between nodes: each owns its manager, and connects once placed.
    ...(locate ? { forceNew: true, autoConnect: false } : {}),
  };
  // A placed socket names its first place explicitly (the page's origin until placed), so its
  // namespace is '/' wherever it runs, a page or a Node test.
  const first = url ?? (locate ? (globalThis.location?.origin ?? 'http://localhost') : undefined);
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = first ? io(first, options) : io(options);
  let closed = false;
  const placement = locate ? followPlacement(socket, locate) : null;

  let firstConnectTimer: ReturnType<typeof setTimeout> | undefined;
  const connected = new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.io.once('reconnect_failed', () => reject(unreachable()));
    // A refused handshake (bad token) does not retry: say so at once.
    socket.once('connect_error', (error: Error) => {
      if (error.message.startsWith('auth/')) reject(new RoomRequestError(error.message, 'Failed to connect to room'));
    });
    // Out of time: stop trying too, so a socket that connects late does not join a screen that
    // already says it could not (its Retry opens a new connection).
    firstConnectTimer = setTimeout(() => {
      if (socket.connected) return;
      placement?.stop();
      socket.disconnect();
      reject(unreachable());
    }, FIRST_CONNECT_BUDGET_MS);
  });
  connected.catch(() => {}); // observed by callers of connected(); never an unhandled rejection
  void connected.then(
    () => clearTimeout(firstConnectTimer),
    () => clearTimeout(firstConnectTimer),
  );

  return {
    async request(event, payload) {
      let ack: RequestAck<typeof event> | undefined;
      try {
        // Socket.IO types an emit by a condition on the event name that TypeScript cannot resolve for
        // a generic K; payload and answer are K's own, typed by the same map.
        ack = (await socket.timeout(requestTimeoutMs).emitWithAck(event as RoomRequestName, payload)) as typeof ack;
      } catch {
        throw new RoomRequestError('room/request-timeout', 'Connection timeout');
      }
      if (!ack || typeof ack !== 'object') throw new RoomRequestError('room/bad-ack', `No answer to ${event}`);
      if (!ack.ok) throw new RoomRequestError(ack.code, ack.message);
      // The protocol's type of the data, as roomProtocol.ts narrows it (mediasoup structures).
      return checkedData(event, ack) as RoomRequests[typeof event][1];
    },
    emit(event, payload) {
      socket.emit(event as RoomRequestName, payload, () => {});
    },
    on(event, listener) {
      // As for emit: the listener is K's own, seen as one of the map's listeners.
      const wired = listener as RoomEvents[keyof RoomEvents];
      socket.on(event as keyof RoomEvents, wired);
      return () => void socket.off(event as keyof RoomEvents, wired);
    },
    connected: () => connected,
    onConnectionChange(listener) {
      const up = () => listener(true);
      const down = () => listener(false);
      socket.on('connect', up);
      socket.on('disconnect', down);
      return () => {
        socket.off('connect', up);
        socket.off('disconnect', down);
      };
    },
    onGiveUp(listener) {
      const failed = () => listener();
      const down = (reason: Socket.DisconnectReason) => {
        if (reason === 'io server disconnect') listener();
      };
      socket.io.on('reconnect_failed', failed);
      socket.on('disconnect', down);
      return () => {
        socket.io.off('reconnect_failed', failed);
        socket.off('disconnect', down);
      };
    },
    nodeUrl: () => placement?.current() ?? null,
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(firstConnectTimer);
      placement?.stop();
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}

/** What of Socket.IO's manager placement steers; its typings keep these private. */
interface SteerableManager {
  uri: string;
  opts: { path?: string };
}

/**
 * Keeps a socket on the node the room API places it on: connects once placed, and asks again when
 * the connection drops or a reconnection attempt fails. A new place is tried at once, with a fresh
 * count of attempts: the ones spent went to a node that is gone.
 */
function followPlacement(socket: Socket, locate: () => Promise<string | null>) {
  const manager = socket.io as unknown as SteerableManager;
  const ownOrigin = manager.uri;
  let current: string | null = null;
  let stopped = false;
  let started = false;
  const place = async () => {
    const url = await locate().catch(() => current);
    if (stopped || url === current) return;
    current = url;
    const target = url ? new URL(url) : null;
    manager.uri = target ? target.origin : ownOrigin;
    manager.opts.path = `${target ? target.pathname.replace(/\/+$/, '') : ''}/socket.io`;
    // Between attempts: drop the pending one (its timer and count) and open to the new place now.
    if (started && !socket.connected) socket.disconnect().connect();
  };
  const onDown = (reason: Socket.DisconnectReason) => {
    if (reason !== 'io client disconnect' && reason !== 'io server disconnect') void place();
  };
  const onFailedAttempt = () => void place();
  socket.on('disconnect', onDown);
  socket.io.on('reconnect_error', onFailedAttempt);
  void place().then(() => {
    started = true;
    if (!stopped) socket.connect();
  });
  return {
    current: () => current,
    stop() {
      stopped = true;
      socket.off('disconnect', onDown);
      socket.io.off('reconnect_error', onFailedAttempt);
    },
  };
}
