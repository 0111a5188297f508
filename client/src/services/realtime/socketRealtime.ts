import type { ClientToServerEvents, RequestAck, ServerToClientEvents } from '@riffroom/protocol';
import { io, type Socket } from 'socket.io-client';
import { socketTransports } from './socketTransports';
import type { Realtime, RealtimeEventName, RealtimeHandler } from './types';

export interface SocketRealtimeOptions {
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  /** Where the realtime server lives; the page's own origin on one box and behind a proxy. */
  url?: string;
}

type AnyHandler = (...args: unknown[]) => void;

/** Socket.IO at /socket.io, authenticated in the handshake with the current ID token. */
export class SocketRealtime implements Realtime {
  private socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  private uid: string | null = null;
  private readonly handlers = new Map<string, Set<AnyHandler>>();

  constructor(private readonly options: SocketRealtimeOptions) {}

  connect(uid: string): void {
    if (this.socket && this.uid === uid) return;
    this.disconnect();
    this.uid = uid;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(this.options.url ?? '', {
      path: '/socket.io',
      // Like the room socket: a WebSocket, else long-polling where WebSockets are refused. Scaled
      // out, polling needs the proxy to keep a session on one node (docs/scaling-out.md).
      ...socketTransports(),
      // A function, so every reconnection asks for a token that is fresh at that moment.
      auth: (send) => {
        this.options.getIdToken().then(
          (token) => send(token ? { token } : {}),
          () => send({}),
        );
      },
    });
    socket.on('connect', () => {
      socket.emit('register-user', uid, (ack: RequestAck<'register-user'>) => {
        if (!ack.ok) console.error('register-user refused', ack.code);
      });
    });
    socket.on('connect_error', (error) => console.error('Realtime connection failed', error.message));
    socket.onAny((event: string, ...args: unknown[]) => {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    });
    this.socket = socket;
  }

  disconnect(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.uid = null;
  }

  on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void {
    const set = this.handlers.get(event) ?? new Set<AnyHandler>();
    set.add(handler as AnyHandler);
    this.handlers.set(event, set);
    return () => set.delete(handler as AnyHandler);
  }
}
