import type { MediaSource, RecordingState, RoomControls } from '@riffroom/protocol';
import type { AudioStats } from './audioStats';
import type { ProgramAudioSource } from './capture';
import type { RelayAudioStatus } from './relayAudioHost';
import { peopleIn, personKey } from './roomRules';
import {
  initialRoomState,
  type ChatEntry,
  type HostPresence,
  type JoinedRoom,
  type MediaTier,
  type PeerEntry,
  type RoomState,
} from './roomState';
import { Store } from './store';
import type { VideoQuality } from './videoQuality';

/**
 * One room screen's state, changed only through its named transitions. Each transition has one
 * owner, named on it, so a reader finds who moves a field by its name: the connection (common to
 * both roles), the guest's connection, the host's capture, the tier chooser, or the chat log.
 */
export class RoomStore {
  private readonly store: Store<RoomState>;

  constructor(bitrate: number) {
    this.store = new Store(initialRoomState(bitrate));
  }

  get = (): RoomState => this.store.get();
  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  // ---- the connection, both roles (liveRoomConnection.ts)

  /** The socket and join-room are being (re)tried. */
  connectionStarted(): void {
    this.store.set({ status: 'connecting', error: null });
  }

  /** Socket.IO lost the server; it reconnects on its own. */
  socketLost(): void {
    this.store.set({ status: 'connecting' });
  }

  /** The socket or join-room failed; `failure` is what the screen says (roomRules' `connectFailure`). */
  joinFailed(failure: Pick<RoomState, 'error' | 'joinRefused'>): void {
    this.store.set({ status: 'error', ...failure });
  }

  /**
   * The socket gave up (its reconnection attempts ran out, or the server closed it): nothing of the
   * room carries on, and only a new connection (the screen's Retry) can help.
   */
  connectionGaveUp(error: string): void {
    this.store.set({
      status: 'error',
      error,
      joinRefused: null,
      tier: null,
      remoteVideo: null,
      remoteAudio: null,
      cursor: null,
      relayLive: false,
      sharing: false,
      preview: null,
    });
  }

  joined({ self, peers, hostPresence, controls }: JoinedRoom): void {
    const others = peers.filter((peer) => peer.peerId !== self.peerId);
    this.store.set({ self, peers: others, people: peopleIn(others, self.firebase_uid), hostPresence, controls });
  }

  /** room-controls: the host (another tab of theirs) changed who may join. */
  controlsChanged(controls: RoomControls): void {
    this.store.set({ controls });
  }

  peerJoined(peer: PeerEntry): void {
    this.store.set((state) => ({ peers: [...state.peers.filter((p) => p.peerId !== peer.peerId), peer] }));
  }

  /** participant-joined: a person's first socket (a second tab of someone present says nothing). */
  participantJoined(peer: PeerEntry): void {
    this.store.set((state) => {
      const [person] = peopleIn([peer], state.self?.firebase_uid ?? null);
      if (!person || state.people.some((p) => p.key === person.key)) return {};
      return { people: [...state.people, person] };
    });
  }

  /** participant-left: the person's last socket went. */
  participantLeft(peer: PeerEntry): void {
    const key = personKey(peer);
    this.store.set((state) => ({ people: state.people.filter((person) => person.key !== key) }));
  }

  peerLeft(peerId: string): void {
    this.store.set((state) => ({ peers: state.peers.filter((p) => p.peerId !== peerId) }));
  }

  /** The host's pointer, already clamped to 0..1 each way. */
  cursorMoved(cursor: { x: number; y: number }): void {
    this.store.set({ cursor });
  }

  /** The server restarts once live rooms end (server-draining): this room carries on meanwhile. */
  serverDraining(): void {
    this.store.set({ draining: true });
  }

  /** recording-state, and join-room's answer: the room's recording started or stopped. */
  recordingChanged({ recording, message }: RecordingState): void {
    this.store.set(
      recording ? { recording, recordingMessage: null } : { recording, recordingMessage: message ?? null },
    );
  }

  /** room-update: how many people other than the host are in. */
  participantCountChanged(participantCount: number): void {
    this.store.set({ participantCount });
  }

  /** The host removed us: the screen says so, nothing of the room is shown any more. */
  removedFromRoom(): void {
    this.store.set({ removed: true, remoteVideo: null, remoteAudio: null, cursor: null, relayLive: false });
  }

  roomEnded(): void {
    this.store.set({ ended: true, remoteVideo: null, remoteAudio: null, cursor: null, relayLive: false });
  }

  audioStatsMeasured(audioStats: AudioStats | null): void {
    this.store.set({ audioStats });
  }

  videoQualityMeasured(videoQuality: VideoQuality | null): void {
    this.store.set({ videoQuality });
  }

  /** The relay's program audio: the host's encoder, or a relay guest's playback. */
  relayAudioChanged(relayAudio: RelayAudioStatus): void {
    this.store.set({ relayAudio });
  }

  // ---- the guest's connection (guestRoomConnection.ts)

  /** room-update: the host's socket is there, or gone (roomRules' `offlinePresence`). */
  hostPresenceChanged(presence: (current: HostPresence) => HostPresence): void {
    this.store.set((state) => ({ hostPresence: presence(state.hostPresence) }));
  }

  hostLeft(): void {
    this.store.set({ hostPresence: 'left', cursor: null, relayLive: false });
  }

  /** The host stopped sharing: nothing to show until it shares again. */
  remoteMediaCleared(): void {
    this.store.set({ remoteVideo: null, remoteAudio: null, cursor: null, relayLive: false });
  }

  /** An SFU consumer's track: the host's screen or its program audio. */
  remoteTrackShown(source: MediaSource, stream: MediaStream): void {
    this.store.set(source === 'screen' ? { remoteVideo: stream } : { remoteAudio: stream });
  }

  /** An SFU consumer ended; program audio's stats end with it. */
  remoteTrackEnded(source: MediaSource): void {
    this.store.set(source === 'screen' ? { remoteVideo: null } : { remoteAudio: null, audioStats: null });
  }

  /** The peer-to-peer tier's picture and sound, both at once. */
  remoteMediaChanged(remoteVideo: MediaStream | null, remoteAudio: MediaStream | null): void {
    this.store.set({ remoteVideo, remoteAudio });
  }

  /** The relay's program audio, played through the same element as the SFU's. */
  relayAudioStreamChanged(remoteAudio: MediaStream | null): void {
    if (this.store.get().remoteAudio !== remoteAudio) this.store.set({ remoteAudio });
  }

  relayLiveChanged(relayLive: boolean): void {
    if (this.store.get().relayLive !== relayLive) this.store.set({ relayLive });
  }

  // ---- the host's capture (hostMedia.ts)

  shareStarted(preview: MediaStream): void {
    this.store.set({ sharing: true, preview });
  }

  shareStopped(): void {
    this.store.set({ sharing: false, preview: null });
  }

  programAudioChosen(source: ProgramAudioSource, bitrate: number): void {
    this.store.set((state) => ({ programAudio: { ...state.programAudio, source, bitrate } }));
  }

  programAudioLive(): void {
    this.store.set((state) => ({ programAudio: { ...state.programAudio, live: true } }));
  }

  programAudioStopped(): void {
    this.store.set((state) => ({ programAudio: { ...state.programAudio, live: false }, audioStats: null }));
  }

  // ---- the tier chooser (mediaTierChooser.ts and its host and guest sides)

  tierChoiceStarted(): void {
    this.store.set({ status: 'connecting', error: null });
  }

  tierConnected(tier: MediaTier): void {
    this.store.set({ status: tier === 'sfu' ? 'connected' : 'connected-fallback', tier, error: null });
  }

  /** Every tier failed; `error` is the text to show. */
  tiersFailed(error: string): void {
    this.store.set({ status: 'error', tier: null, error });
  }

  /**
   * A climb from a fallback reached the SFU. A guest's picture and sound become the SFU's (null when
   * it had none yet), and the relay's canvas goes; the host's own state has no remote media.
   */
  climbedToSfu(remote?: { video: MediaStream | null; audio: MediaStream | null }): void {
    this.store.set({
      status: 'connected',
      tier: 'sfu',
      error: null,
      ...(remote ? { remoteVideo: remote.video, remoteAudio: remote.audio, relayLive: false } : {}),
    });
  }

  /** A guest chooses its tier again from the top (the room's tier setting changed). */
  tierCleared(): void {
    this.store.set({ tier: null, remoteVideo: null, remoteAudio: null, relayLive: false });
  }

  // ---- the chat log (roomChatLog.ts)

  /** A (re)join replaces the conversation with the server's. */
  chatCleared(): void {
    this.store.set({ chat: [] });
  }

  chatAdded(entry: ChatEntry): void {
    this.store.set((state) => ({ chat: [...state.chat, entry] }));
  }

  /** The socket's copy of a message already shown (the room's record) corrects its author and time. */
  chatCorrected(entry: ChatEntry, fields: Partial<ChatEntry>): void {
    this.store.set((state) => ({
      chat: state.chat.map((known) => (known === entry ? { ...known, ...fields } : known)),
    }));
  }

  /** We learnt our chat identity: every message from it is our own. */
  ownChatIdentified(from: string): void {
    this.store.set((state) => ({
      chat: state.chat.map((entry) => (entry.from === from ? { ...entry, own: true } : entry)),
    }));
  }
}
