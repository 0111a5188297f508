import { EventEmitter } from 'node:events';
import {
  refuse,
  type ConsumerInfo,
  type MediaKind,
  type MediaSource,
  type ProducerInfo,
  type ScreenLayerMode,
  type SfuLayers,
  type TransportInfo,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import { reportLayerChanges } from './consumer-layers.js';
import { ROOM_MEDIA_CODECS } from './media-codecs.js';
import type { WorkerSlot } from './worker-pool.js';

type Direction = 'send' | 'recv';

interface PeerMedia {
  transports: Map<string, { transport: types.WebRtcTransport; direction: Direction }>;
  producers: Map<string, types.Producer>;
  consumers: Map<string, types.Consumer>;
}

export interface SfuRoomEvents {
  'new-producer': [producer: ProducerInfo & { peerId: string }];
  'producer-closed': [payload: { producerId: string; peerId: string; source: MediaSource }];
  /** A viewer's layered consumer switched layers. */
  'consumer-layers': [payload: SfuLayers & { peerId: string }];
}

export interface SfuRoomOptions {
  keyFrameRequestDelayMs: number;
  /** SCREEN_LAYERS: how hosts encode their screen, told to them with the router's capabilities. */
  screenLayers: ScreenLayerMode;
}

/**
 * One room's media on one worker: a router, and per peer its transports, producers and consumers.
 * Knows nothing of sockets or roles: the socket layer checks who may produce before calling here.
 * Every map is cleaned when mediasoup closes the object, whoever closed it.
 */
export class SfuRoom extends EventEmitter<SfuRoomEvents> {
  private peers = new Map<string, PeerMedia>();
  private closed = false;

  private constructor(
    readonly roomId: string,
    private slot: WorkerSlot,
    private router: types.Router,
    private readonly options: SfuRoomOptions,
  ) {
    super();
  }

  static async create(roomId: string, slot: WorkerSlot, options: SfuRoomOptions): Promise<SfuRoom> {
    const router = await slot.worker.createRouter({ mediaCodecs: ROOM_MEDIA_CODECS, appData: { roomId } });
    return new SfuRoom(roomId, slot, router, options);
  }

  get workerIndex(): number {
    return this.slot.index;
  }

  get screenLayers(): ScreenLayerMode {
    return this.options.screenLayers;
  }

  get rtpCapabilities(): types.RtpCapabilities {
    this.assertOpen();
    return this.router.rtpCapabilities;
  }

  /**
   * After the worker died: a fresh router on its replacement. Everything that lived on the dead
   * worker is gone, so every peer starts again with no transports (clients are told to reconnect).
   */
  async rebuild(slot: WorkerSlot): Promise<void> {
    if (this.closed) return;
    this.dropAllPeerMedia();
    const router = await slot.worker.createRouter({ mediaCodecs: ROOM_MEDIA_CODECS, appData: { roomId: this.roomId } });
    if (this.closed) {
      router.close();
      return;
    }
    this.slot = slot;
    this.router = router;
  }

  /** `maxIncomingKbps`: a viewer's own cap on what it receives (protocol screen-layers.ts). */
  async createTransport(peerId: string, direction: Direction, maxIncomingKbps?: number): Promise<TransportInfo> {
    this.assertOpen();
    // Taken before the await: a removePeer (the peer left) or close() meanwhile drops this entry,
    // and the check after the await then sees it (issue 14 item 4).
    const media = this.peerMedia(peerId);
    const transport = await this.router.createWebRtcTransport({
      webRtcServer: this.slot.webRtcServer,
      enableUdp: true,
      enableTcp: true,
      preferUdp: true,
      // Screen share starts near its working rate instead of ramping up from mediasoup's 600 kbps.
      initialAvailableOutgoingBitrate: 1_500_000,
      appData: { peerId, direction },
    });
    this.keepOrClose(peerId, media, transport);
    if (direction === 'recv' && maxIncomingKbps) await capOutgoingBitrate(transport, maxIncomingKbps);
    // A client needs one transport per direction; one spare covers a rebuild in flight. Beyond
    // that, the oldest goes, so a looping client cannot pile up transports on the worker.
    const sameDirection = [...media.transports.values()].filter((entry) => entry.direction === direction);
    for (const stale of sameDirection.slice(0, Math.max(0, sameDirection.length - 1))) stale.transport.close();
    media.transports.set(transport.id, { transport, direction });
    transport.observer.once('close', () => media.transports.delete(transport.id));
    return {
      id: transport.id,
      iceParameters: transport.iceParameters as unknown as Record<string, unknown>,
      iceCandidates: transport.iceCandidates as unknown as Record<string, unknown>[],
      dtlsParameters: transport.dtlsParameters as unknown as Record<string, unknown>,
    };
  }

  async connectTransport(peerId: string, transportId: string, dtlsParameters: types.DtlsParameters): Promise<void> {
    await this.transportOf(peerId, transportId).transport.connect({ dtlsParameters });
  }

  async produce(
    peerId: string,
    transportId: string,
    kind: MediaKind,
    rtpParameters: types.RtpParameters,
    source: MediaSource,
  ): Promise<string> {
    const entry = this.transportOf(peerId, transportId);
    if (entry.direction !== 'send') throw refuse('sfu/transport-not-found', 'Produce on a send transport.');
    const media = this.peerMedia(peerId);
    // One producer per source: sharing again replaces the previous screen or audio.
    for (const existing of media.producers.values()) {
      if ((existing.appData as { source?: MediaSource }).source === source) existing.close();
    }
    const producer = await entry.transport.produce({
      kind,
      rtpParameters,
      keyFrameRequestDelay: this.options.keyFrameRequestDelayMs,
      appData: { peerId, source },
    });
    this.keepOrClose(peerId, media, producer, entry.transport);
    media.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      media.producers.delete(producer.id);
      this.emit('producer-closed', { producerId: producer.id, peerId, source });
    });
    this.emit('new-producer', { producerId: producer.id, kind, source, peerId });
    return producer.id;
  }

  closeProducer(peerId: string, producerId: string): void {
    const producer = this.peers.get(peerId)?.producers.get(producerId);
    if (!producer) throw refuse('sfu/producer-not-found', 'No such producer of yours.');
    producer.close();
  }

  /** Closes the peer's producers of one source (stop-sharing); none is fine. */
  closeSource(peerId: string, source: MediaSource): void {
    for (const producer of [...(this.peers.get(peerId)?.producers.values() ?? [])]) {
      if ((producer.appData as { source?: MediaSource }).source === source) producer.close();
    }
  }

  producers(): ProducerInfo[] {
    const list: ProducerInfo[] = [];
    for (const media of this.peers.values()) {
      for (const producer of media.producers.values()) list.push(describeProducer(producer));
    }
    return list;
  }

  hasProducer(source: MediaSource): boolean {
    return this.producers().some((producer) => producer.source === source);
  }

  async consume(
    peerId: string,
    transportId: string,
    producerId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<ConsumerInfo> {
    const entry = this.transportOf(peerId, transportId);
    if (entry.direction !== 'recv') throw refuse('sfu/transport-not-found', 'Consume on a recv transport.');
    const producer = this.findProducer(producerId);
    if (!producer) throw refuse('sfu/producer-not-found', 'That producer is gone.');
    if (!this.router.canConsume({ producerId, rtpCapabilities })) {
      throw refuse('sfu/cannot-consume', 'Your browser cannot decode this stream.');
    }
    const media = this.peerMedia(peerId);
    // One consumer per producer and peer: consuming again replaces the previous one.
    for (const existing of [...media.consumers.values()]) if (existing.producerId === producerId) existing.close();
    // Paused until the client has wired the track, so the first keyframe is not wasted.
    const consumer = await entry.transport.consume({ producerId, rtpCapabilities, paused: true });
    this.keepOrClose(peerId, media, consumer, entry.transport);
    media.consumers.set(consumer.id, consumer);
    consumer.observer.once('close', () => media.consumers.delete(consumer.id));
    reportLayerChanges(consumer, (layers) => this.emit('consumer-layers', { ...layers, peerId }));
    const { source } = describeProducer(producer);
    return {
      id: consumer.id,
      producerId,
      kind: consumer.kind,
      rtpParameters: consumer.rtpParameters as unknown as Record<string, unknown>,
      source,
    };
  }

  async resumeConsumer(peerId: string, consumerId: string): Promise<void> {
    const consumer = this.peers.get(peerId)?.consumers.get(consumerId);
    if (!consumer) throw refuse('sfu/consumer-not-found', 'No such consumer of yours.');
    await consumer.resume();
  }

  /** A peer left: its transports close, and with them its producers and consumers. */
  removePeer(peerId: string): void {
    const media = this.peers.get(peerId);
    if (!media) return;
    for (const { transport } of [...media.transports.values()]) transport.close();
    this.peers.delete(peerId);
  }

  /** Idempotent. Transports close before the router; the worker's WebRtcServer stays open. */
  close(): void {
    if (this.closed) return;
    for (const peerId of [...this.peers.keys()]) this.removePeer(peerId);
    this.closed = true;
    this.router.close();
    this.removeAllListeners();
  }

  /** Whether the peer set up a transport here: it is on the SFU tier (metrics). */
  hasTransports(peerId: string): boolean {
    return (this.peers.get(peerId)?.transports.size ?? 0) > 0;
  }

  /** Producers and consumers open on this router now (metrics). */
  mediaCounts(): { producers: number; consumers: number } {
    let producers = 0;
    let consumers = 0;
    for (const media of this.peers.values()) {
      producers += media.producers.size;
      consumers += media.consumers.size;
    }
    return { producers, consumers };
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** For tests and stats: this room's objects on the worker. */
  consumerOf(peerId: string, consumerId: string): types.Consumer | undefined {
    return this.peers.get(peerId)?.consumers.get(consumerId);
  }

  producerObject(producerId: string): types.Producer | undefined {
    return this.findProducer(producerId);
  }

  private dropAllPeerMedia(): void {
    // The worker is dead: its objects are already closed; forget them without producer-closed noise.
    for (const media of this.peers.values()) {
      media.producers.clear();
      media.consumers.clear();
      media.transports.clear();
    }
    this.peers.clear();
  }

  /**
   * After an await that made a mediasoup object: if the peer left, the room closed or the transport
   * closed meanwhile, nobody would ever close the new object, so it is closed now and the call refused.
   */
  private keepOrClose(
    peerId: string,
    media: PeerMedia,
    made: { close(): void },
    transport?: { closed: boolean },
  ): void {
    if (!this.closed && this.peers.get(peerId) === media && !transport?.closed) return;
    made.close();
    throw refuse('sfu/unavailable', 'You left the room, or its media closed, while this was being set up.');
  }

  private findProducer(producerId: string): types.Producer | undefined {
    for (const media of this.peers.values()) {
      const producer = media.producers.get(producerId);
      if (producer) return producer;
    }
    return undefined;
  }

  private transportOf(peerId: string, transportId: string) {
    this.assertOpen();
    const entry = this.peers.get(peerId)?.transports.get(transportId);
    if (!entry) throw refuse('sfu/transport-not-found', 'No such transport of yours.');
    return entry;
  }

  private peerMedia(peerId: string): PeerMedia {
    let media = this.peers.get(peerId);
    if (!media) {
      media = { transports: new Map(), producers: new Map(), consumers: new Map() };
      this.peers.set(peerId, media);
    }
    return media;
  }

  private assertOpen(): void {
    if (this.closed || this.router.closed) throw refuse('sfu/unavailable', 'This room has no media right now.');
  }
}

/**
 * The SFU's bandwidth estimate for this viewer never passes its cap, so mediasoup's own layer
 * choice (the highest layers the estimate carries) follows the cap as it follows a slow link.
 */
async function capOutgoingBitrate(transport: types.WebRtcTransport, kbps: number): Promise<void> {
  await transport.setMaxOutgoingBitrate(kbps * 1000);
}

function describeProducer(producer: types.Producer): ProducerInfo {
  return {
    producerId: producer.id,
    kind: producer.kind,
    source: (producer.appData as { source: MediaSource }).source,
  };
}
