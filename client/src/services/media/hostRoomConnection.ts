import { CURSOR_MAX_PER_SECOND, type RoomControls, type RoomControlsPayload } from '@riffroom/protocol';
import type { ProgramAudioSource } from './capture';
import { HostMedia } from './hostMedia';
import { HostTierChooser } from './hostTierChooser';
import { LiveRoomConnection } from './liveRoomConnection';
import { P2pHost } from './p2pHost';
import type { P2pTier } from './p2pTier';
import { RelayAudioHost } from './relayAudioHost';
import { RelayHost } from './relayHost';
import type {
  HostRoomConnection,
  HostRoomConnectionOptions,
  HostRoomConnector,
  HostSfuFactory,
  SfuSendMedia,
} from './roomConnection';
import { clamp01 } from './roomRules';
import type { HostPresence } from './roomState';
import { RoomRequestError } from './roomSocket';
import { SfuSender } from './sfuSender';

/** Well under the server's CURSOR_MAX_PER_SECOND, so no position we send is refused and lost. */
const CURSOR_INTERVAL_MS = 1000 / (CURSOR_MAX_PER_SECOND * 0.66);

export const connectHostRoom: HostRoomConnector = (options) => new LiveHostRoomConnection(options);

/**
 * The host's connection: it owns the capture and every way it is sent — produced on the SFU,
 * called to peer-to-peer guests, and encoded for the relay (frames and Opus audio).
 */
class LiveHostRoomConnection extends LiveRoomConnection implements HostRoomConnection {
  protected readonly joinsAsHost = true;
  protected readonly sfu: SfuSendMedia;
  protected readonly p2p: P2pTier;
  protected readonly tiers: HostTierChooser;
  private readonly media: HostMedia;
  private readonly relayHost: RelayHost;
  private lastCursorAt = 0;
  private pendingCursor: ReturnType<typeof setTimeout> | null = null;

  constructor(options: HostRoomConnectionOptions) {
    super(options.roomId, options.token, options.socket, options.locate, options.icePolicy);
    const { roomId } = options;
    // `?ice=relay` reaches both of the host's WebRTC sides: its SFU transport and its PeerJS peer.
    const createSfuSender: HostSfuFactory = (socket, roomId, listener) =>
      new SfuSender(socket, roomId, listener, options.icePolicy);
    this.sfu = (options.sfu ?? createSfuSender)(this.socket, roomId, {
      onTransportFailed: () => void this.tiers.connect(),
    });
    this.relayHost = new RelayHost(this.socket, roomId);
    this.media = this.hostMedia();
    this.p2p = (options.p2p ?? ((context) => new P2pHost(context)))({
      socket: this.socket,
      roomId,
      announcePeer: options.announcePeer,
      icePolicy: options.icePolicy,
      listener: {
        onChat: (message) => this.chat.add(message, false),
        // Guests receive; the host's peer-to-peer side never plays anything.
        onMedia: () => {},
        onFailed: () => {
          if (this.closed) return;
          if (this.store.get().tier === 'p2p') void this.tiers.connect();
          // The host's peer is gone: open another so its guests can dial it again.
          else void this.p2p.start().catch(() => {});
        },
      },
    });
    this.tiers = new HostTierChooser({
      store: this.store,
      socket: this.socket,
      roomId,
      sfu: this.sfu,
      p2p: this.p2p,
      isJoined: () => this.joined,
      isClosed: () => this.closed,
    });
    this.cleanups.push(
      // Peer-to-peer guests get what the host shares: the screen and the program audio being sent.
      this.store.subscribe(() => {
        const { preview, programAudio } = this.store.get();
        const video = preview?.getVideoTracks()[0] ?? null;
        this.p2p.setShare({ video, audio: this.media.programAudioTrack(), audioBitrate: programAudio.bitrate });
      }),
      // The relay encodes whatever the host shares: the preview is the shared screen while sharing.
      this.store.subscribe(() => this.relayHost.setSource(this.store.get().preview)),
    );
    this.open();
  }

  moveCursor(x: number, y: number): void {
    const position = { roomId: this.roomId, x: clamp01(x), y: clamp01(y) };
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
    await this.media.startScreenShare();
  }

  async stopScreenShare(): Promise<void> {
    await this.media.stopScreenShare();
  }

  async setProgramAudio(source: ProgramAudioSource, bitrate: number): Promise<void> {
    await this.media.setProgramAudio(source, bitrate);
  }

  setControls(change: Omit<RoomControlsPayload, 'roomId'>): Promise<RoomControls> {
    return this.socket.request('room:controls', { roomId: this.roomId, ...change });
  }

  async removeParticipant(peerId: string): Promise<void> {
    await this.socket.request('room:remove', { roomId: this.roomId, peerId });
  }

  /**
   * The screen follows the server's recording-state only (issue 34 item 13): the ack may arrive
   * after the recording already stopped, and would show '● Recording' for one that is not.
   */
  async startRecording(): Promise<void> {
    await this.socket.request('recording:start', { roomId: this.roomId });
  }

  async stopRecording(): Promise<void> {
    try {
      await this.socket.request('recording:stop', { roomId: this.roomId });
    } catch (error) {
      // The server records nothing here: so does the screen.
      if (error instanceof RoomRequestError && error.code === 'recording/not-recording') {
        this.store.recordingChanged({ recording: null });
      }
      throw error;
    }
  }

  protected presenceOnJoin(): HostPresence {
    return 'online';
  }

  /**
   * The host serves the peer-to-peer tier whatever its own tier, and announces its peer id again
   * after every (re)join: the server forgot it with the old socket.
   */
  protected afterJoin(): void {
    void this.p2p.start().catch(() => {});
  }

  /** Presence and the host's own sharing are what the host makes happen, not what it hears. */
  protected sideEvents(): Array<() => void> {
    return [];
  }

  protected closeSide(): void {
    if (this.pendingCursor) clearTimeout(this.pendingCursor);
    this.media.close();
    this.relayHost.close();
  }

  /** The host's capture, with its program audio also fed to the relay's Opus encoder. */
  private hostMedia(): HostMedia {
    const relayAudio = new RelayAudioHost(this.socket, this.roomId, (status) => this.store.relayAudioChanged(status));
    this.cleanups.push(() => relayAudio.close());
    return new HostMedia(this.store, this.sfu, this.socket, this.roomId, (track, bitrate) =>
      relayAudio.setSource(track, bitrate),
    );
  }
}
