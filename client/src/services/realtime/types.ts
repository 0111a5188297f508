import type { ServerToClientEvents } from '@riffroom/protocol';

export type RealtimeEventName = keyof ServerToClientEvents;
export type RealtimeHandler<E extends RealtimeEventName> = ServerToClientEvents[E];

/**
 * The signed-in user's notification socket (spec part 7, 'Realtime socket'): one per tab, opened
 * when someone signs in and closed when they sign out (spec part 4). Listeners survive reconnects.
 */
export interface Realtime {
  /** Opens the socket as `uid`; a second call for another user replaces the first socket. */
  connect(uid: string): void;
  disconnect(): void;
  /** Subscribes to a server event; returns the unsubscribe function. */
  on<E extends RealtimeEventName>(event: E, handler: RealtimeHandler<E>): () => void;
}
