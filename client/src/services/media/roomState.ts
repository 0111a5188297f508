import type { LiveRecording, RoomControls, RoomRole } from '@riffroom/protocol';
import type { AudioStats } from './audioStats';
import type { ProgramAudioSource } from './capture';
import type { RelayAudioStatus } from './relayAudioHost';
import type { Person } from './roomRules';
import type { VideoQuality } from './videoQuality';

// What one room screen shows, as plain data: the React side reads it, and only RoomStore's named
// transitions (roomStore.ts) change it.

/** Spec part 4, room connection status; 'warning' is the guest's orange host-presence states. */
export type ConnectionStatus = 'initializing' | 'connecting' | 'connected' | 'connected-fallback' | 'error';

/**
 * The media tiers, best first (ARCHITECTURE.md "Choose a tier and fall back"). 'sfu' is 'connected'; the fallbacks are
 * 'connected-fallback' and the tier says which banner to show.
 */
export type MediaTier = 'sfu' | 'p2p' | 'relay';

/** Someone else in the room; name and role may be missing (shown as 'Guest' and 'viewer'). */
export interface PeerEntry {
  peerId: string;
  /** Null for an anonymous guest; two sockets with one uid are one person. */
  firebase_uid?: string | null;
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
  self: { peerId: string; firebase_uid: string | null; user_name: string; role: RoomRole } | null;
  peers: PeerEntry[];
  /** The people behind `peers`, each once (participant-joined, participant-left). */
  people: Person[];
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
  /** A viewer's received screen: size, frame rate and SFU layer. */
  videoQuality: VideoQuality | null;
  /** The host ended the room. */
  ended: boolean;
  /** The host removed this guest from the room (removed-from-room). */
  removed: boolean;
  /** People other than the host, as the server counts them (room-update); null before the first. */
  participantCount: number | null;
  /** The server is restarting once live rooms end (server-draining): the room goes on meanwhile. */
  draining: boolean;
  /** The recording running in the room ('● Recording' for everyone); null when none runs. */
  recording: LiveRecording | null;
  /** Why a recording stopped on its own (disk full, a failure), for the host; null otherwise. */
  recordingMessage: string | null;
  /** Who may join, as the room holds it (join-room, then room-controls); null before joining. */
  controls: RoomControls | null;
}

export function initialRoomState(bitrate: number): RoomState {
  return {
    status: 'initializing',
    error: null,
    joinRefused: null,
    self: null,
    peers: [],
    people: [],
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
    videoQuality: null,
    ended: false,
    removed: false,
    participantCount: null,
    draining: false,
    recording: null,
    recordingMessage: null,
    controls: null,
  };
}

/** A joined room as the state keeps it: who we are, the others, and whether the host is there. */
export interface JoinedRoom {
  self: NonNullable<RoomState['self']>;
  peers: PeerEntry[];
  hostPresence: HostPresence;
  controls: RoomControls;
}
