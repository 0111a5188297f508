import type { AudioStats } from './audioStats';
import type { ProgramAudioSource } from './capture';
import type { RelayAudioStatus } from './relayAudioHost';

/** Spec part 4, room connection status; 'warning' is the guest's orange host-presence states. */
export type ConnectionStatus = 'initializing' | 'connecting' | 'connected' | 'connected-fallback' | 'error';

/**
 * The media tiers of design.md §4, best first. 'sfu' is 'connected'; the fallbacks are
 * 'connected-fallback' and the tier says which banner to show.
 */
export type MediaTier = 'sfu' | 'p2p' | 'relay';

/** Someone else in the room; name and role may be missing (shown as 'Guest' and 'viewer'). */
export interface PeerEntry {
  peerId: string;
  user_name?: string | null;
  role?: string | null;
}

export type HostPresence = 'online' | 'waiting' | 'disconnected' | 'left';

export interface ChatEntry {
  id: number;
  from: string;
  fromName: string;
  message: string;
  timestamp: string | number;
  own: boolean;
  /** The sender's id for the message: a copy that came both peer to peer and by socket shows once. */
  messageId?: string;
}

export interface ProgramAudioState {
  source: ProgramAudioSource;
  /** Bits per second asked of the Opus encoder. */
  bitrate: number;
  /** True while an audio track is being sent. */
  live: boolean;
}

export interface RoomState {
  status: ConnectionStatus;
  /** The spec's text for an error status ('Connection timeout', 'Unable to connect...'). */
  error: string | null;
  /** Set when joining was refused (unknown room, full, guests off): the guest's error view. */
  joinRefused: string | null;
  self: { peerId: string; firebase_uid: string | null; user_name: string; role: string } | null;
  peers: PeerEntry[];
  hostPresence: HostPresence;
  chat: ChatEntry[];
  /** The host's pointer over the shared screen, 0..1 each way. */
  cursor: { x: number; y: number } | null;
  remoteVideo: MediaStream | null;
  /** The tier the media comes over once connected; null before. */
  tier: MediaTier | null;
  /** Relay tier: frames are arriving (the canvas shows the host screen). */
  relayLive: boolean;
  /**
   * Program audio over the relay: the host's encoder, or a relay guest's playback; 'unsupported'
   * when this browser cannot (no WebCodecs audio, or no MediaStreamTrackProcessor on the host).
   */
  relayAudio: RelayAudioStatus;
  remoteAudio: MediaStream | null;
  sharing: boolean;
  preview: MediaStream | null;
  programAudio: ProgramAudioState;
  audioStats: AudioStats | null;
  /** The host ended the room. */
  ended: boolean;
  /** The server is restarting once live rooms end (server-draining): the room goes on meanwhile. */
  draining: boolean;
}

export function initialRoomState(bitrate: number): RoomState {
  return {
    status: 'initializing',
    error: null,
    joinRefused: null,
    self: null,
    peers: [],
    hostPresence: 'online',
    chat: [],
    cursor: null,
    remoteVideo: null,
    tier: null,
    relayLive: false,
    relayAudio: 'off',
    remoteAudio: null,
    sharing: false,
    preview: null,
    programAudio: { source: { kind: 'none' }, bitrate, live: false },
    audioStats: null,
    ended: false,
    draining: false,
  };
}

/** The smallest store React's useSyncExternalStore can read: a snapshot, updates, listeners. */
export class Store<T> {
  private readonly listeners = new Set<() => void>();
  constructor(private state: T) {}

  get = (): T => this.state;

  set(patch: Partial<T> | ((state: T) => Partial<T>)): void {
    const next = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
