import type { JoinRoomResult } from '@riffroom/protocol';
import type { RoomEvents, RoomRequestName } from '../services/media/roomProtocol';
import { RoomRequestError, type RoomSocket } from '../services/media/roomSocket';
import { lateNightRoom } from './roomFixtures';

export type Handler = (payload: unknown) => unknown;

/**
 * A room socket in memory: requests are answered by per-event handlers (a throw is a refused ack),
 * and `serverSends` plays the server's events. The SFU's own requests are refused as unavailable,
 * since happy-dom has no WebRTC: these tests cover everything around the media.
 */
export class FakeRoomSocket implements RoomSocket {
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  private readonly listeners = new Map<string, Set<(payload: unknown, ack?: () => void) => void>>();
  private readonly connectionListeners = new Set<(up: boolean) => void>();
  closed = false;

  constructor(private readonly handlers: Partial<Record<RoomRequestName, Handler>>) {}

  async request(event: RoomRequestName, payload: unknown) {
    this.sent.push({ event, payload });
    const handler = this.handlers[event];
    if (!handler) throw new RoomRequestError('sfu/unavailable', `no ${event} here`);
    return handler(payload) as never;
  }

  emit(event: RoomRequestName, payload: unknown) {
    this.sent.push({ event, payload });
  }

  on<K extends keyof RoomEvents>(event: K, listener: RoomEvents[K]) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (payload: unknown) => void);
    this.listeners.set(event, set);
    return () => void set.delete(listener as (payload: unknown) => void);
  }

  serverSends<K extends keyof RoomEvents>(event: K, payload: Parameters<RoomEvents[K]>[0], ack?: () => void) {
    for (const listener of this.listeners.get(event) ?? [])
      (listener as (payload: unknown, ack?: () => void) => void)(payload, ack);
  }

  connected = async () => {};
  onConnectionChange(listener: (up: boolean) => void) {
    this.connectionListeners.add(listener);
    return () => void this.connectionListeners.delete(listener);
  }
  private readonly giveUpListeners = new Set<() => void>();
  onGiveUp(listener: () => void) {
    this.giveUpListeners.add(listener);
    return () => void this.giveUpListeners.delete(listener);
  }
  /** Socket.IO's reconnection attempts ran out (or the server closed the socket). */
  giveUp() {
    for (const listener of [...this.giveUpListeners]) listener();
  }
  /** The socket dropped (false) or came back (true). */
  connectionChanged(up: boolean) {
    for (const listener of [...this.connectionListeners]) listener(up);
  }
  close() {
    this.closed = true;
  }
}

/** What join-room answers a guest in the room 'r1' hosted by Hana Host, with one chat message. */
export function joinResult(overrides: Partial<JoinRoomResult> = {}): JoinRoomResult {
  const room = lateNightRoom();
  return {
    room,
    self: { peerId: 'sock-guest', firebase_uid: null, user_name: 'Guest User', role: 'viewer' },
    peers: [{ peerId: 'sock-host', firebase_uid: 'host', user_name: 'Hana Host', role: 'host' }],
    hostOnline: true,
    sharing: false,
    chat: [{ from: 'host', fromName: 'Hana Host', message: 'welcome', timestamp: '2026-01-01T00:00:00.000Z' }],
    recording: null,
    controls: { settings: room.settings, locked: false, allowGuestTalkback: false },
    ...overrides,
  };
}
