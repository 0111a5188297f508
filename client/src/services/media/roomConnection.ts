import { CURSOR_MAX_PER_SECOND } from '@riffroom/protocol';
import { startAudioMeter } from './audioMeter';
import type { ProgramAudioSource } from './capture';
import { HostMedia } from './hostMedia';
import { MediaTierChooser, type SfuFactory, type SfuMedia } from './mediaTierChooser';
import { createP2pTier, type P2pFactory, type P2pTier } from './p2pTier';
import { withTimeout } from './retry';
import { RelayAudioGuest } from './relayAudioGuest';
import { RelayAudioHost } from './relayAudioHost';
import { RelayGuest } from './relayGuest';
import { RelayHost } from './relayHost';
import type { ChatMessage, JoinRoomResult, MediaSource } from './roomProtocol';
import { initialRoomState, Store, type MediaTier, type RoomState } from './roomState';
import { RoomChat } from './roomChat';
import { connectRoomSocket, type RoomSocket } from './roomSocket';
import { clamp01, connectFailure, offlinePresence } from './roomRules';
import { DEFAULT_AUDIO_BITRATE, SfuTier } from './sfuTier';
import type { IcePolicy } from './icePolicy';

export interface RoomConnectionOptions {
  roomId: string;
  role: 'host' | 'guest';
  /** The ID token when signed in; null for an anonymous guest. */
  token: string | null;
  /**
   * A guest's forced tier (the `?tier=` URL parameter, for operators and tests); without it the SFU
   * is tried first, then peer-to-peer, then the relay. The host tries the SFU and serves the
   * peer-to-peer and relay tiers to whichever guests use them; with its SFU failed it shows the
   * fallback banner of the tier it can still serve.
   */
  tier?: MediaTier;
  /** 'relay' (the `?ice=relay` URL parameter): TURN-relayed ICE only, on the SFU and P2P tiers. */
  icePolicy?: IcePolicy;
  /** Host, signed in: records its PeerJS id on the room (PATCH /api/rooms/{roomId}/peer). */
  announcePeer?: (peerId: string) => Promise<void>;
  /** Tests hand in their own socket, SFU and peer-to-peer sides. */
  socket?: RoomSocket;
  sfu?: SfuFactory;
  p2p?: P2pFactory;
}

/** One room screen's live connection; React reads `getState` through useSyncExternalStore. */
export interface RoomConnection {
  getState(): RoomState;
  subscribe(listener: () => void): () => void;
  /** Trimmed; resolves false without sending when it is blank (spec part 5). */
  sendChat(text: string): Promise<boolean>;
  /** Host: the pointer over the shared screen, 0..1 each way; the latest position, about 20 a second. */
  moveCursor(x: number, y: number): void;
  startScreenShare(): Promise<void>;
  stopScreenShare(): Promise<void>;
  setProgramAudio(source: ProgramAudioSource, bitrate: number): Promise<void>;
  /** Guest on the relay tier: the 1280x720 canvas frames are painted on (null when it goes away). */
  attachRelayCanvas(canvas: HTMLCanvasElement | null): void;
  leave(): Promise<void>;
  close(): void;
}

export type RoomConnector = (options: RoomConnectionOptions) => RoomConnection;

/** Well under the server's CURSOR_MAX_PER_SECOND, so no position we send is refused and lost. */
const CURSOR_INTERVAL_MS = 1000 / (CURSOR_MAX_PER_SECOND * 0.66);

const sfuFactory =
  (icePolicy: IcePolicy | undefined): SfuFactory =>
  (socket, roomId, role, listener) =>
    new SfuTier(socket, roomId, role, listener, icePolicy);

export const connectRoom: RoomConnector = (options) => new LiveRoomConnection(options);

class LiveRoomConnection implements RoomConnection {
  private readonly store = new Store<RoomState>(initialRoomState(DEFAULT_AUDIO_BITRATE));
  private readonly socket: RoomSocket;
  private readonly sfu: SfuMedia;
  private readonly host: HostMedia | null;
  private readonly relayHost: RelayHost | null;
  private readonly relayGuest: RelayGuest | null;
  private readonly p2p: P2pTier;
  private readonly chat: RoomChat;
  private readonly cleanups: Array<() => void> = [];
  private joined = false;
  private closed = false;
  private lastCursorAt = 0;
  private pendingCursor: ReturnType<typeof setTimeout> | null = null;
  private readonly tiers: MediaTierChooser;

  constructor(private readonly options: RoomConnectionOptions) {
    this.socket = options.socket ?? connectRoomSocket({ token: options.token });
    this.chat = new RoomChat({
      store: this.store,
      socket: this.socket,
      roomId: options.roomId,
      sendDirect: (message) => this.p2p.sendChat(message),
    });
    this.sfu = (options.sfu ?? sfuFactory(options.icePolicy))(this.socket, options.roomId, options.role, {
      onTrack: (source, track) => {
        if (this.tiers.takeSfuTrack(source, track)) this.showTrack(source, track);
      },
      onTrackEnded: (source) => {
        if (this.tiers.dropSfuTrack(source)) this.hideTrack(source);
      },
      onTransportFailed: () => void this.tiers.connect(),
    });
    this.relayHost = options.role === 'host' ? new RelayHost(this.socket, options.roomId) : null;
    this.host = options.role === 'host' ? this.hostMedia() : null;
    if (options.role === 'guest') this.relayAudioGuest();
    this.relayGuest =
      options.role === 'guest'
        ? new RelayGuest(this.socket, options.roomId, (relayLive) => {
            if (this.store.get().relayLive !== relayLive) this.store.set({ relayLive });
          })
        : null;
    this.p2p = (options.p2p ?? createP2pTier)(options.role, {
      socket: this.socket,
      roomId: options.roomId,
      announcePeer: options.announcePeer,
      icePolicy: options.icePolicy,
      listener: {
        onChat: (message) => this.chat.add(message, false),
        onMedia: (video, audio) => {
          if (this.store.get().tier === 'p2p') this.store.set({ remoteVideo: video, remoteAudio: audio });
        },
        onFailed: () => {
          if (this.closed) return;
          if (this.store.get().tier === 'p2p') void this.tiers.connect();
          // The host's peer is gone: open another so its guests can dial it again.
          else if (this.options.role === 'host') void this.p2p.start().catch(() => {});
        },
      },
    });
    this.tiers = new MediaTierChooser({
      role: options.role,
      forcedTier: options.tier,
      store: this.store,
      socket: this.socket,
      roomId: options.roomId,
      sfu: this.sfu,
      p2p: this.p2p,
      relayGuest: this.relayGuest,
      isJoined: () => this.joined,
      isClosed: () => this.closed,
    });
    this.listen();
    const host = this.host;
    if (host) {
      // Peer-to-peer guests get what the host shares: the screen and the program audio being sent.
      this.cleanups.push(
        this.store.subscribe(() => {
          const { preview, programAudio } = this.store.get();
          const video = preview?.getVideoTracks()[0] ?? null;
          this.p2p.setShare({ video, audio: host.programAudioTrack(), audioBitrate: programAudio.bitrate });
        }),
      );
    }
    // The relay encodes whatever the host shares: the preview is the shared screen while sharing.
    const relayHost = this.relayHost;
    if (relayHost) this.cleanups.push(this.store.subscribe(() => relayHost.setSource(this.store.get().preview)));
    this.cleanups.push(
      startAudioMeter(
        async () => (await this.sfu.statsOf('program-audio')) ?? (await this.p2p.stats()),
        (audioStats) => this.store.set({ audioStats }),
      ),
    );
    void this.connect();
  }

  /** The host's capture, with its program audio also fed to the relay's Opus encoder. */
  private hostMedia(): HostMedia {
    const relayAudio = new RelayAudioHost(this.socket, this.options.roomId, (relayAudio) =>
      this.store.set({ relayAudio }),
    );
    this.cleanups.push(() => relayAudio.close());
    return new HostMedia(this.store, this.sfu, this.socket, this.options.roomId, (track, bitrate) =>
      relayAudio.setSource(track, bitrate),
    );
  }

  /** A guest's relay audio, played through the same program-audio element as the SFU's. */
  private relayAudioGuest(): void {
    const relayAudio = new RelayAudioGuest(this.socket, {
      onStream: (remoteAudio) => {
        if (this.store.get().remoteAudio !== remoteAudio) this.store.set({ remoteAudio });
      },
      onStatus: (status) => this.store.set({ relayAudio: status }),
    });
    this.cleanups.push(() => relayAudio.close());
  }

  getState = () => this.store.get();
  subscribe = (listener: () => void) => this.store.subscribe(listener);

  sendChat(text: string): Promise<boolean> {
    return this.chat.send(text);
  }

  moveCursor(x: number, y: number): void {
    const position = { roomId: this.options.roomId, x: clamp01(x), y: clamp01(y) };
    const wait = this.lastCursorAt + CURSOR_INTERVAL_MS - Date.now();
    if (this.pendingCursor) clearTimeout(this.pendingCursor);
    const send = () => {
      this.pendingCursor = null;
      this.lastCursorAt = Date.now();
      this.socket.emit('cursor-move', position);
    };
    // Keep the latest position rather than every one: the dot should land where the pointer stopped.
    if (wait <= 0) send();
    else this.pendingCursor = setTimeout(send, wait);
  }

  async startScreenShare(): Promise<void> {
    await this.requireHost().startScreenShare();
  }

  async stopScreenShare(): Promise<void> {
    await this.requireHost().stopScreenShare();
  }

  async setProgramAudio(source: ProgramAudioSource, bitrate: number): Promise<void> {
    await this.requireHost().setProgramAudio(source, bitrate);
  }

  attachRelayCanvas(canvas: HTMLCanvasElement | null): void {
    this.relayGuest?.attachCanvas(canvas);
  }

  async leave(): Promise<void> {
    if (this.joined) await this.socket.request('leave-room', { roomId: this.options.roomId }).catch(() => {});
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.pendingCursor) clearTimeout(this.pendingCursor);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.tiers.close();
    this.host?.close();
    this.relayHost?.close();
    this.relayGuest?.close();
    this.p2p.close();
    this.sfu.close();
    this.socket.close();
  }

  private requireHost(): HostMedia {
    if (!this.host) throw new Error('Only the host shares');
    return this.host;
  }

  private async connect(): Promise<void> {
    this.store.set({ status: 'connecting', error: null });
    try {
      await this.socket.connected();
      await this.join();
    } catch (error) {
      if (this.closed) return;
      this.store.set({ status: 'error', ...connectFailure(error) });
      return;
    }
    await this.tiers.connect();
  }

  private async join(): Promise<void> {
    const result: JoinRoomResult = await withTimeout(
      this.socket.request('join-room', { roomId: this.options.roomId, isHost: this.options.role === 'host' }),
    );
    this.joined = true;
    const { self, peers, hostOnline, chat } = result;
    this.tiers.roomTier = result.room.settings.tier ?? 'auto';
    // A late joiner sees the conversation so far; a rejoin replaces what we had with the server's.
    this.chat.joined(self.firebase_uid, chat ?? []);
    this.store.set({
      self: { peerId: self.peerId, firebase_uid: self.firebase_uid, user_name: self.user_name, role: self.role },
      peers: peers.filter((peer) => peer.peerId !== self.peerId),
      hostPresence: this.options.role === 'host' || hostOnline ? 'online' : 'waiting',
    });
    // The host serves the peer-to-peer tier whatever its own tier, and announces its peer id again
    // after every (re)join: the server forgot it with the old socket.
    if (this.options.role === 'host') void this.p2p.start().catch(() => {});
  }

  private listen(): void {
    const on: RoomSocket['on'] = (event, listener) => this.socket.on(event, listener);
    this.cleanups.push(
      on('chat', (message: ChatMessage) => this.chat.add(message)),
      on('peer-joined', (peer) =>
        this.store.set((state) => ({
          peers: [...state.peers.filter((p) => p.peerId !== peer.peerId), peer],
        })),
      ),
      on('user-left', ({ peerId }) =>
        this.store.set((state) => ({ peers: state.peers.filter((p) => p.peerId !== peerId) })),
      ),
      on('room-update', ({ hostOnline }) => {
        if (this.options.role === 'host') return;
        this.store.set((state) => ({ hostPresence: hostOnline ? 'online' : offlinePresence(state.hostPresence) }));
      }),
      on('host-left', () => {
        if (this.options.role === 'guest') this.store.set({ hostPresence: 'left', cursor: null, relayLive: false });
      }),
      on('cursor-move', ({ x, y }) => this.store.set({ cursor: { x: clamp01(x), y: clamp01(y) } })),
      on('stop-sharing', () => {
        if (this.options.role === 'guest')
          this.store.set({ remoteVideo: null, remoteAudio: null, cursor: null, relayLive: false });
      }),
      ...this.tiers.listen(),
      on('room-ended', () => {
        this.store.set({ ended: true, remoteVideo: null, remoteAudio: null, cursor: null, relayLive: false });
        this.close();
      }),
      this.socket.onConnectionChange((up) => {
        if (this.closed) return;
        if (!up) return this.store.set({ status: 'connecting' });
        // Socket.IO reconnected on its own; the server forgot us with the old socket: join again.
        if (this.joined)
          void this.join().then(
            () => this.tiers.connect(),
            () => this.connect(),
          );
      }),
    );
  }

  private showTrack(source: MediaSource, track: MediaStreamTrack): void {
    const stream = new MediaStream([track]);
    if (source === 'screen') this.store.set({ remoteVideo: stream });
    else this.store.set({ remoteAudio: stream });
  }

  private hideTrack(source: MediaSource): void {
    if (source === 'screen') this.store.set({ remoteVideo: null });
    else this.store.set({ remoteAudio: null, audioStats: null });
  }
}
