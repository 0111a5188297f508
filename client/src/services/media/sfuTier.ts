import { PROGRAM_AUDIO_DEFAULT_BITRATE, PROGRAM_AUDIO_MAX_BITRATE, type ScreenLayerMode } from '@riffroom/protocol';
import { Device, type types as ms } from 'mediasoup-client';
import { sfuIceSettings, type IcePolicy, type IceSettings } from './icePolicy';
import type { MediaSource, RoomRequests } from './roomProtocol';
import { CONNECT_TIMEOUT_MS, RoomRequestError, type RoomSocket } from './roomSocket';

/** What the room hears from either side of the SFU tier. */
export interface SfuTierListener {
  /**
   * A transport failed, or did not reach `connected` within the tier's timeout after it was first
   * used, outside `start()`: the caller decides whether to rebuild or fall back.
   */
  onTransportFailed(): void;
}

/** What a guest hears from its receiving side: the host's tracks come and go. */
export interface SfuListener extends SfuTierListener {
  /** A remote track to show or play. */
  onTrack(source: MediaSource, track: MediaStreamTrack): void;
  onTrackEnded(source: MediaSource): void;
}

export interface ProduceOptions {
  source: MediaSource;
  track: MediaStreamTrack;
  /** Program audio: the Opus target in bits per second. */
  audioBitrate?: number;
}

/** A transport as the media node offered it, with the ICE servers and policy of icePolicy.ts. */
export type SfuTransportOptions = RoomRequests['sfu:create-transport'][1] & IceSettings;

export const DEFAULT_AUDIO_BITRATE = PROGRAM_AUDIO_DEFAULT_BITRATE;
export const MAX_AUDIO_BITRATE = PROGRAM_AUDIO_MAX_BITRATE;

/**
 * Program audio as the studio wants it: stereo Opus, no DTX (silence in a mix is music, not a gap to
 * skip), the fmtp bitrate and the encoder's cap the same so neither side throttles the other.
 */
export function programAudioCodecOptions(bitrate: number): ms.ProducerCodecOptions {
  const capped = Math.min(Math.max(Math.round(bitrate), 6_000), MAX_AUDIO_BITRATE);
  return { opusStereo: true, opusDtx: false, opusFec: true, opusMaxAverageBitrate: capped };
}

/**
 * The dedicated tier ('Connected (High Performance)'): mediasoup-client against the media node,
 * over one transport. The host's side only sends (sfuSender.ts), a guest's only receives
 * (sfuReceiver.ts); this is what both share: the device, the transport's life and its watch.
 * `start()` may be called again after `sfu:reconnect`: it builds a fresh transport and puts the
 * side's media back on it.
 */
export abstract class SfuTier {
  protected device: Device | null = null;
  protected transport: ms.Transport | null = null;
  /** How the media node wants the screen encoded (SCREEN_LAYERS), from the router's capabilities. */
  protected screenLayers: ScreenLayerMode = 'single';
  /** A receiving side's own cap on what it gets, kbit/s (`?maxKbps=`); none by default. */
  protected maxIncomingKbps: number | undefined;
  /** 'send' or 'recv', as the media node's sfu:create-transport asks. */
  protected abstract readonly direction: 'send' | 'recv';
  private generation = 0;
  private closed = false;
  /** The transport `start()` is waiting on: its failure rejects that wait instead of being reported. */
  private starting: ms.Transport | null = null;
  /** Transports whose connection is already being watched (first produce or consume). */
  private readonly watched = new WeakSet<ms.Transport>();
  private readonly watchTimers = new Set<ReturnType<typeof setTimeout>>();
  /** Transports already reported failed: a timeout and a later 'failed' state are one failure. */
  private readonly reported = new WeakSet<ms.Transport>();
  /** Whether `start()` ever ran: only then can the media node hold anything of ours. */
  private tried = false;

  constructor(
    protected readonly socket: RoomSocket,
    protected readonly roomId: string,
    private readonly tierListener: SfuTierListener,
    /** 'relay' (`?ice=relay`): the transports gather TURN-relayed candidates only. */
    private readonly icePolicy: IcePolicy = 'all',
  ) {}

  /** Begins the side's asks that need no device, alongside the router's capabilities. */
  protected prefetch(): void {}
  /** Puts the side's media on a new transport; false when the attempt went stale meanwhile. */
  protected abstract fill(transport: ms.Transport, isStale: () => boolean): Promise<boolean>;
  /** Whether the side has something on the transport (only then is there a connection to wait for). */
  protected abstract carriesMedia(): boolean;
  /** Makes the side's kind of transport and adds its own signalling to it. */
  protected abstract makeTransport(device: Device, options: SfuTransportOptions): ms.Transport;
  /** Lets go of the side's producers or consumers as their transport closes. */
  protected abstract dropMedia(): void;
  /** The RTC stats of what carries `source`. */
  abstract statsOf(source: MediaSource): Promise<RTCStatsReport | null>;

  /**
   * One attempt at the tier. It counts as connected only once ICE and DTLS are up: with something to
   * send or receive, it resolves when that transport reaches `connected` and rejects when it fails
   * (the caller's 10 s timeout covers a transport that never gets there). A guest with nothing to
   * consume yet, or a host not yet sharing, has no media to connect: the attempt passes once
   * signalling works, and the first produce or consume then gets the same 10 s to connect; a failure
   * there is reported through `onTransportFailed` and counts towards the fallback.
   */
  async start(): Promise<void> {
    this.tried = true;
    const generation = ++this.generation;
    this.closeTransports();
    // The transport and (for guests) the producer list are asked for alongside the router's
    // capabilities and the device's loading: none needs another, and each round trip delays the
    // first frame (bench/latency.ts lists them). Settled promises, so a failure is never unhandled.
    const transportOptions = settled(
      this.socket.request('sfu:create-transport', {
        roomId: this.roomId,
        direction: this.direction,
        ...(this.maxIncomingKbps ? { maxIncomingKbps: this.maxIncomingKbps } : {}),
      }),
    );
    // The TURN servers (members only, expiring credentials) and the `?ice=relay` policy, alike.
    const ice = settled(sfuIceSettings(this.socket, this.icePolicy));
    this.prefetch();
    const { rtpCapabilities, screenLayers } = await this.socket.request('sfu:router-capabilities', {
      roomId: this.roomId,
    });
    const device = new Device();
    await device.load({ routerRtpCapabilities: rtpCapabilities });
    if (this.isStale(generation)) return;
    this.device = device;
    this.screenLayers = screenLayers ?? 'single';

    const options = { ...(await transportOptions()), ...(await ice()) };
    const transport = (this.transport = this.createTransport(device, options));
    this.starting = transport;
    if (!(await this.fill(transport, () => this.isStale(generation)))) return;
    try {
      if (this.carriesMedia()) await whenConnected(transport);
    } finally {
      if (this.starting === transport) this.starting = null;
    }
    if (this.isStale(generation)) return;
    // Used during the attempt and connected: nothing left to watch.
    if (transport.connectionState === 'connected') this.watched.add(transport);
  }

  /**
   * Stops the tier's transports (a fallback tier took over); `start()` builds them again. The media
   * node is told too: otherwise our producers would stay there, and guests would keep trying to
   * consume media that never flows (for the host, the node also tells the guests to move on).
   */
  suspend(): void {
    this.generation += 1;
    this.closeTransports();
    // A client that never tried the SFU (a forced tier) has nothing there to close.
    if (this.tried) this.socket.emit('sfu:close-transports', { roomId: this.roomId });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.generation += 1;
    this.closeTransports();
  }

  private isStale(generation: number): boolean {
    return this.closed || generation !== this.generation;
  }

  private closeTransports(): void {
    for (const timer of this.watchTimers) clearTimeout(timer);
    this.watchTimers.clear();
    this.starting = null;
    this.dropMedia();
    this.transport?.close();
    this.transport = null;
  }

  private createTransport(device: Device, options: SfuTransportOptions): ms.Transport {
    const transport = this.makeTransport(device, options);
    transport.on('connect', ({ dtlsParameters }, callback, errback) => {
      this.socket
        .request('sfu:connect-transport', { roomId: this.roomId, transportId: transport.id, dtlsParameters })
        .then(() => callback(), errback);
    });
    transport.on('connectionstatechange', (state) => {
      // During `start()` the attempt itself rejects; afterwards the caller decides.
      if (state === 'failed' && transport !== this.starting) this.reportFailure(transport);
    });
    return transport;
  }

  private reportFailure(transport: ms.Transport): void {
    if (transport.closed || this.reported.has(transport)) return;
    this.reported.add(transport);
    this.tierListener.onTransportFailed();
  }

  /** A transport first used outside `start()` gets the tier's timeout to connect (see `start`). */
  protected watch(transport: ms.Transport): void {
    if (transport === this.starting || this.watched.has(transport)) return;
    this.watched.add(transport);
    if (transport.connectionState === 'connected') return;
    const timer = setTimeout(() => {
      this.watchTimers.delete(timer);
      if (transport.connectionState !== 'connected') this.reportFailure(transport);
    }, CONNECT_TIMEOUT_MS);
    this.watchTimers.add(timer);
    transport.on('connectionstatechange', (state) => {
      if (state === 'connected' || state === 'failed' || transport.closed) {
        clearTimeout(timer);
        this.watchTimers.delete(timer);
      }
    });
  }
}

/** Starts waiting on `promise` now; the returned function gives its outcome (rejecting as it did) later. */
export function settled<T>(promise: Promise<T>): () => Promise<T> {
  promise.catch(() => {});
  return () => promise;
}

/** Resolves when the transport's ICE and DTLS are up; rejects when it fails or is closed. */
function whenConnected(transport: ms.Transport): Promise<void> {
  return new Promise((resolve, reject) => {
    if (transport.connectionState === 'connected') return resolve();
    const onState = (state: ms.ConnectionState) => {
      if (state === 'connected') done(null);
      else if (state === 'failed' || state === 'closed')
        done(new RoomRequestError('sfu/transport-failed', 'Connection failed'));
    };
    const poll = setInterval(() => {
      if (transport.closed) done(new RoomRequestError('sfu/transport-closed', 'Connection closed'));
    }, 250);
    const done = (error: Error | null) => {
      clearInterval(poll);
      transport.removeListener('connectionstatechange', onState);
      if (error) reject(error);
      else resolve();
    };
    transport.on('connectionstatechange', onState);
  });
}
