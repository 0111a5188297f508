import { sfuLayersSchema, type JoinRoomResult, type SfuLayers } from '@riffroom/protocol';
import { GuestTierChooser, type SfuReceiveMedia } from './guestTierChooser';
import { LiveRoomConnection } from './liveRoomConnection';
import { P2pGuest } from './p2pGuest';
import type { P2pTier } from './p2pTier';
import { RelayAudioGuest } from './relayAudioGuest';
import { RelayGuest } from './relayGuest';
import type {
  GuestRoomConnection,
  GuestRoomConnectionOptions,
  GuestRoomConnector,
  GuestSfuFactory,
} from './roomConnection';
import { offlinePresence } from './roomRules';
import type { HostPresence } from './roomState';
import { SfuReceiver } from './sfuReceiver';
import { startVideoMeter } from './videoMeter';
import { readVideoReport } from './videoQuality';

export const connectGuestRoom: GuestRoomConnector = (options) => new LiveGuestRoomConnection(options);

/**
 * A guest's connection: it owns receiving what the host shares, over whichever tier carries it,
 * and follows the host's presence.
 */
class LiveGuestRoomConnection extends LiveRoomConnection implements GuestRoomConnection {
  protected readonly joinsAsHost = false;
  protected readonly sfu: SfuReceiveMedia;
  protected readonly p2p: P2pTier;
  protected readonly tiers: GuestTierChooser;
  private readonly relayGuest: RelayGuest;
  /** The layers the SFU last said it forwards to us (sfu:layers). */
  private screenLayers: SfuLayers | null = null;

  constructor(options: GuestRoomConnectionOptions) {
    super(options.roomId, options.token, options.socket, options.locate, options.icePolicy);
    const { roomId } = options;
    // `?ice=relay` reaches both of the guest's WebRTC sides: its SFU transport and its PeerJS peer.
    const createSfuReceiver: GuestSfuFactory = (socket, roomId, listener) =>
      new SfuReceiver(socket, roomId, listener, options.icePolicy, options.maxIncomingKbps);
    this.sfu = (options.sfu ?? createSfuReceiver)(this.socket, roomId, {
      onTrack: (source, track) => {
        if (this.tiers.takeSfuTrack(source, track)) this.store.remoteTrackShown(source, new MediaStream([track]));
      },
      onTrackEnded: (source) => {
        if (this.tiers.dropSfuTrack(source)) this.store.remoteTrackEnded(source);
      },
      onTransportFailed: () => void this.tiers.connect(),
    });
    this.relayAudio();
    this.videoMeter();
    this.relayGuest = new RelayGuest(this.socket, roomId, (live) => this.store.relayLiveChanged(live));
    this.p2p = (options.p2p ?? ((context) => new P2pGuest(context)))({
      socket: this.socket,
      roomId,
      icePolicy: options.icePolicy,
      listener: {
        onChat: (message) => this.chat.add(message, false),
        onMedia: (video, audio) => {
          if (this.store.get().tier === 'p2p') this.store.remoteMediaChanged(video, audio);
        },
        onFailed: () => {
          if (!this.closed && this.store.get().tier === 'p2p') void this.tiers.connect();
        },
      },
    });
    this.tiers = new GuestTierChooser({
      store: this.store,
      socket: this.socket,
      roomId,
      sfu: this.sfu,
      p2p: this.p2p,
      relayGuest: this.relayGuest,
      ...(options.tier ? { urlTier: options.tier } : {}),
      isJoined: () => this.joined,
      isClosed: () => this.closed,
    });
    this.open();
  }

  attachRelayCanvas(canvas: HTMLCanvasElement | null): void {
    this.relayGuest.attachCanvas(canvas);
  }

  protected presenceOnJoin(hostOnline: boolean): HostPresence {
    return hostOnline ? 'online' : 'waiting';
  }

  /** The room's tier setting may force this guest's tier (its `?tier=` wins over it). */
  protected afterJoin(result: JoinRoomResult): void {
    this.tiers.roomTier = result.room.settings.tier ?? 'auto';
  }

  protected sideEvents(): Array<() => void> {
    const { socket, store } = this;
    return [
      socket.on('room-update', ({ hostOnline }) =>
        store.hostPresenceChanged((current) => (hostOnline ? 'online' : offlinePresence(current))),
      ),
      socket.on('host-left', () => store.hostLeft()),
      socket.on('stop-sharing', () => store.remoteMediaCleared()),
      socket.on('sfu:layers', (payload) => {
        const parsed = sfuLayersSchema.safeParse(payload);
        if (parsed.success) this.screenLayers = parsed.data;
      }),
    ];
  }

  protected closeSide(): void {
    this.relayGuest.close();
  }

  /**
   * The screen's size, frame rate and SFU layer in the room's stats, the way program audio shows; on
   * the relay tier, the relay picture's (the rendition the media node sends this guest).
   */
  private videoMeter(): void {
    const read = async () => {
      if (this.store.get().tier === 'relay') return this.relayGuest.quality();
      const report = await this.sfu.statsOf('screen');
      return report ? readVideoReport(report) : null;
    };
    const layers = () => (this.store.get().tier === 'relay' ? null : this.screenLayers);
    this.cleanups.push(startVideoMeter(read, layers, (quality) => this.store.videoQualityMeasured(quality)));
  }

  /** The relay's program audio, played through the same program-audio element as the SFU's. */
  private relayAudio(): void {
    const relayAudio = new RelayAudioGuest(this.socket, {
      onStream: (remoteAudio) => this.store.relayAudioStreamChanged(remoteAudio),
      onStatus: (status) => this.store.relayAudioChanged(status),
    });
    this.cleanups.push(() => relayAudio.close());
  }
}
