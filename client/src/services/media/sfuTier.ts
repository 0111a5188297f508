import { PROGRAM_AUDIO_DEFAULT_BITRATE, PROGRAM_AUDIO_MAX_BITRATE } from '@riffroom/protocol';
import { Device, type types as ms } from 'mediasoup-client';
import { sfuIceSettings, type IcePolicy, type IceSettings } from './icePolicy';
import type { MediaSource, ProducerInfo, RoomRequests } from './roomProtocol';
import { CONNECT_TIMEOUT_MS, RoomRequestError, type RoomSocket } from './roomSocket';

/** What the room hears from the SFU tier. */
export interface SfuListener {
  /** A remote track to show or play (guests). */
  onTrack(source: MediaSource, track: MediaStreamTrack): void;
  onTrackEnded(source: MediaSource): void;
  /**
   * A transport failed, or did not reach `connected` within the tier's timeout after it was first
   * used, outside `start()`: the caller decides whether to rebuild or fall back.
   */
  onTransportFailed(): void;
}

export interface ProduceOptions {
  source: MediaSource;
  track: MediaStreamTrack;
  /** Program audio: the Opus target in bits per second. */
  audioBitrate?: number;
}

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
 * The dedicated tier ('Connected (High Performance)'): mediasoup-client against the media node.
 * The host only sends, guests only receive. `start()` may be called again after `sfu:reconnect`:
 * it builds fresh transports and puts every produced track back, or consumes everything again.
 */
export class SfuTier {
  private device: Device | null = null;
  private sendTransport: ms.Transport | null = null;
  private recvTransport: ms.Transport | null = null;
  private readonly producers = new Map<MediaSource, ms.Producer>();
  private readonly consumers = new Map<string, ms.Consumer>();
  /** What the host shares, kept so a rebuild can produce it again on new transports. */
  private readonly wanted = new Map<MediaSource, ProduceOptions>();
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
    private readonly socket: RoomSocket,
    private readonly roomId: string,
    private readonly role: 'host' | 'guest',
    private readonly listener: SfuListener,
    private readonly icePolicy: IcePolicy = 'all',
  ) {}

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
    const direction = this.role === 'host' ? 'send' : 'recv';
    const transportOptions = settled(this.socket.request('sfu:create-transport', { roomId: this.roomId, direction }));
    const ice = settled(sfuIceSettings(this.socket, this.icePolicy));
    const producerList = settled(
      this.role === 'guest' ? this.socket.request('sfu:producers', { roomId: this.roomId }) : Promise.resolve([]),
    );
    const { rtpCapabilities } = await this.socket.request('sfu:router-capabilities', { roomId: this.roomId });
    const device = new Device();
    await device.load({ routerRtpCapabilities: rtpCapabilities });
    if (this.isStale(generation)) return;
    this.device = device;

    let transport: ms.Transport;
    if (this.role === 'host') {
      transport = this.sendTransport = this.createTransport(device, 'send', await transportOptions(), await ice());
      this.starting = transport;
      for (const options of this.wanted.values()) await this.produceOn(transport, options);
    } else {
      transport = this.recvTransport = this.createTransport(device, 'recv', await transportOptions(), await ice());
      this.starting = transport;
      const producers = await producerList();
      if (this.isStale(generation)) return;
      for (const producer of producers) await this.consume(producer);
    }
    try {
      if (this.producers.size > 0 || this.consumers.size > 0) await whenConnected(transport);
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

  /** Host: sends a track now, and again after every rebuild, until `stopProducing`. */
  async produce(options: ProduceOptions): Promise<void> {
    await this.stopProducing(options.source);
    this.wanted.set(options.source, options);
    if (this.sendTransport) await this.produceOn(this.sendTransport, options);
  }

  async stopProducing(source: MediaSource): Promise<void> {
    this.wanted.delete(source);
    const producer = this.producers.get(source);
    if (!producer) return;
    this.producers.delete(source);
    producer.close();
    await this.socket.request('sfu:close-producer', { roomId: this.roomId, producerId: producer.id }).catch(() => {
      // The server closes producers with their transport anyway; nothing to repair here.
    });
  }

  /** Guests: a producer the host added after we joined. */
  async consume(producer: ProducerInfo): Promise<void> {
    const transport = this.recvTransport;
    const device = this.device;
    if (!transport || !device || this.consumers.has(producer.producerId)) return;
    const options = await this.socket.request('sfu:consume', {
      roomId: this.roomId,
      transportId: transport.id,
      producerId: producer.producerId,
      rtpCapabilities: device.rtpCapabilities,
    });
    if (transport !== this.recvTransport || transport.closed) return;
    const consumer = await transport.consume({
      id: options.id,
      producerId: options.producerId,
      kind: options.kind,
      rtpParameters: options.rtpParameters,
      appData: { source: options.source },
    });
    this.consumers.set(producer.producerId, consumer);
    consumer.on('transportclose', () => this.consumers.delete(producer.producerId));
    await this.socket.request('sfu:resume-consumer', { roomId: this.roomId, consumerId: consumer.id });
    this.watch(transport);
    this.listener.onTrack(options.source, consumer.track);
  }

  producerClosed(producerId: string): void {
    const consumer = this.consumers.get(producerId);
    if (!consumer) return;
    this.consumers.delete(producerId);
    consumer.close();
    this.listener.onTrackEnded(consumer.appData.source as MediaSource);
  }

  /** The RTC stats of what carries `source`: the producer for the host, the consumer for guests. */
  async statsOf(source: MediaSource): Promise<RTCStatsReport | null> {
    const producer = this.producers.get(source);
    if (producer && !producer.closed) return producer.getStats();
    for (const consumer of this.consumers.values()) {
      if (consumer.appData.source === source && !consumer.closed) return consumer.getStats();
    }
    return null;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.generation += 1;
    this.wanted.clear();
    this.closeTransports();
  }

  private isStale(generation: number): boolean {
    return this.closed || generation !== this.generation;
  }

  private closeTransports(): void {
    for (const timer of this.watchTimers) clearTimeout(timer);
    this.watchTimers.clear();
    this.starting = null;
    for (const consumer of this.consumers.values()) {
      consumer.close();
      this.listener.onTrackEnded(consumer.appData.source as MediaSource);
    }
    this.consumers.clear();
    // Closing a producer stops nothing the host captured: the tracks stay for the next transports.
    for (const producer of this.producers.values()) producer.close();
    this.producers.clear();
    this.sendTransport?.close();
    this.recvTransport?.close();
    this.sendTransport = null;
    this.recvTransport = null;
  }

  private createTransport(
    device: Device,
    direction: 'send' | 'recv',
    server: RoomRequests['sfu:create-transport'][1],
    ice: IceSettings,
  ): ms.Transport {
    const options = { ...server, ...ice };
    const transport = direction === 'send' ? device.createSendTransport(options) : device.createRecvTransport(options);
    transport.on('connect', ({ dtlsParameters }, callback, errback) => {
      this.socket
        .request('sfu:connect-transport', { roomId: this.roomId, transportId: transport.id, dtlsParameters })
        .then(() => callback(), errback);
    });
    if (direction === 'send') {
      transport.on('produce', ({ kind, rtpParameters, appData }, callback, errback) => {
        this.socket
          .request('sfu:produce', {
            roomId: this.roomId,
            transportId: transport.id,
            kind,
            rtpParameters,
            source: appData.source as MediaSource,
          })
          .then(({ producerId }) => callback({ id: producerId }), errback);
      });
    }
    transport.on('connectionstatechange', (state) => {
      // During `start()` the attempt itself rejects; afterwards the caller decides.
      if (state === 'failed' && transport !== this.starting) this.reportFailure(transport);
    });
    return transport;
  }

  private async produceOn(transport: ms.Transport, options: ProduceOptions): Promise<void> {
    if (options.track.readyState === 'ended') return;
    const isAudio = options.track.kind === 'audio';
    const bitrate = options.audioBitrate ?? DEFAULT_AUDIO_BITRATE;
    const producer = await transport.produce({
      track: options.track,
      // The capture is stopped by whoever started it, not by closing a producer during a rebuild.
      stopTracks: false,
      appData: { source: options.source },
      ...(isAudio
        ? {
            codecOptions: programAudioCodecOptions(bitrate),
            encodings: [{ maxBitrate: programAudioCodecOptions(bitrate).opusMaxAverageBitrate }],
          }
        : { codecOptions: { videoGoogleStartBitrate: 1000 } }),
    });
    this.producers.set(options.source, producer);
    this.watch(transport);
  }

  private reportFailure(transport: ms.Transport): void {
    if (transport.closed || this.reported.has(transport)) return;
    this.reported.add(transport);
    this.listener.onTransportFailed();
  }

  /** A transport first used outside `start()` gets the tier's timeout to connect (see `start`). */
  private watch(transport: ms.Transport): void {
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
function settled<T>(promise: Promise<T>): () => Promise<T> {
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
