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
import { RoomUpstream } from './room-upstream.js';
import {
  DEFAULT_SPEAKING_OPTIONS,
  isTalkbackProducer,
  ownerOfLane,
  SpeakingWatch,
  talkbackLane,
  type SpeakingOptions,
  type TalkbackAppData,
} from './talkback-lane.js';
import { prepareViewerTransport } from './viewer-transport.js';
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
  /** A talker's mic (appData TalkbackAppData), whatever the room's video tier: the recorder attaches here. */
  'talkback-producer-added': [producer: types.Producer];
  /** That mic closed (the talker stopped or left, the room or its worker closed). */
  'talkback-producer-removed': [producer: types.Producer];
  /** The member sockets speaking on talkback now, when that set changes (AudioLevelObserver). */
  'talkback-speaking': [peerIds: string[]];
  /** A viewer's layered consumer switched layers. */
  'consumer-layers': [payload: SfuLayers & { peerId: string }];
}

export interface SfuRoomOptions {
  keyFrameRequestDelayMs: number;
  /** The talkback speaking indicator's observer; the defaults when absent. */
  speaking?: SpeakingOptions;
  /** SCREEN_LAYERS: how hosts encode their screen, told to them with the router's capabilities. */
  screenLayers: ScreenLayerMode;
  /** SFU_AUDIO_RESERVE_MARGIN_PCT (audio-reserve.ts); its default when absent. */
  audioReserveMarginPct?: number;
}

/** How long a viewer's request on an edge waits for the pipe from the origin (scale/cascade). */
const UPSTREAM_WAIT_MS = 5000;

/**
 * One room's media on one worker: a router, and per peer its transports, producers and consumers.
 * Knows nothing of sockets or roles: the socket layer checks who may produce before calling here.
 * Every map is cleaned when mediasoup closes the object, whoever closed it.
 */
export class SfuRoom extends EventEmitter<SfuRoomEvents> {
  private peers = new Map<string, PeerMedia>();
  private closed = false;
  /** On an edge node: the host's producers piped in from the room's origin (scale/cascade). */
  private upstreamProducers: RoomUpstream | null = null;
  /** Pipe transports to other nodes; they close with the room. */
  private pipes = new Set<types.PipeTransport>();
  private speakingWatch: SpeakingWatch | null = null;

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
    const room = new SfuRoom(roomId, slot, router, options);
    await room.watchSpeaking(router);
    return room;
  }

  get workerIndex(): number {
    return this.slot.index;
  }

  /** The room's router, for server-side consumers (recording's plain transports). */
  get mediaRouter(): types.Router {
    this.assertOpen();
    return this.router;
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
    await this.watchSpeaking(router);
  }

  private async watchSpeaking(router: types.Router): Promise<void> {
    const watch = await SpeakingWatch.create(router, this.options.speaking ?? DEFAULT_SPEAKING_OPTIONS, (peerIds) =>
      this.emit('talkback-speaking', peerIds),
    );
    if (this.router !== router || this.closed) return watch.close();
    this.speakingWatch = watch;
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
    const { audioReserveMarginPct } = this.options;
    const producerOf = (id: string) => this.findProducer(id);
    if (direction === 'recv')
      await prepareViewerTransport(transport, { maxIncomingKbps, producerOf, audioReserveMarginPct });
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
      for (const producer of media.producers.values()) {
        // Talkback has its own signalling (talkback.ts); the tiers' lists carry the host's media only.
        if (!isTalkbackProducer(producer)) list.push(describeProducer(producer));
      }
    }
    for (const producer of this.upstreamProducers?.list() ?? []) list.push(describeProducer(producer));
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
    if (!this.findProducer(producerId)) await this.upstreamProducers?.whenProducer(producerId, UPSTREAM_WAIT_MS);
    const producer = this.findProducer(producerId);
    if (!producer || isTalkbackProducer(producer)) throw refuse('sfu/producer-not-found', 'That producer is gone.');
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

  /**
   * A peer left: its transports close, and with them its producers and consumers. 'tier' keeps its
   * talkback (the peer only abandoned the SFU tier for a fallback); 'all' is for a peer leaving.
   */
  removePeer(peerId: string, lanes: 'all' | 'tier' = 'all'): void {
    for (const key of lanes === 'all' ? [peerId, talkbackLane(peerId)] : [peerId]) {
      const media = this.peers.get(key);
      if (!media) continue;
      for (const { transport } of [...media.transports.values()]) transport.close();
      this.peers.delete(key);
    }
  }

  /**
   * An edge node's room: from now on its producer list and consumes wait (bounded) for the pipe
   * from the origin. Made once; the cascade code fills it.
   */
  upstream(): RoomUpstream {
    this.assertOpen();
    this.upstreamProducers ??= new RoomUpstream();
    return this.upstreamProducers;
  }

  /** Resolves once an edge's pipe has listed the origin's producers (at once on the origin). */
  async whenUpstreamListed(): Promise<void> {
    await this.upstreamProducers?.whenListed(UPSTREAM_WAIT_MS);
  }

  /** A PipeTransport on this room's router, to or from another node; it closes with the room. */
  async createPipeTransport(options: types.PipeTransportOptions): Promise<types.PipeTransport> {
    this.assertOpen();
    const router = this.router;
    const transport = await router.createPipeTransport(options);
    if (this.closed || router !== this.router) {
      transport.close();
      throw refuse('sfu/unavailable', 'This room has no media right now.');
    }
    this.pipes.add(transport);
    transport.observer.once('close', () => this.pipes.delete(transport));
    return transport;
  }

  /** Idempotent. Transports close before the router; the worker's WebRtcServer stays open. */
  close(): void {
    if (this.closed) return;
    for (const peerId of [...this.peers.keys()]) this.removePeer(peerId);
    this.upstreamProducers?.close();
    for (const pipe of [...this.pipes]) pipe.close();
    this.speakingWatch?.close();
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
    let producers = this.upstreamProducers?.list().length ?? 0;
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

  /** The host's open producers of one source (the recorder captures each). */
  producersOf(source: MediaSource): types.Producer[] {
    const found: types.Producer[] = [];
    for (const media of this.peers.values()) {
      for (const producer of media.producers.values()) {
        if ((producer.appData as { source?: MediaSource }).source === source) found.push(producer);
      }
    }
    return found;
  }

  producerObject(producerId: string): types.Producer | undefined {
    return this.findProducer(producerId);
  }

  /**
   * A talker's mic on their talkback lane. One at a time per member (the caller checks the person);
   * `appData` comes from the verified identity, never from the client.
   */
  async produceTalkback(
    peerId: string,
    transportId: string,
    rtpParameters: types.RtpParameters,
    who: { userId: string; displayName: string },
    /** The host muted this person before: the new mic starts paused, and only the host resumes it. */
    paused = false,
  ): Promise<types.Producer> {
    const lane = talkbackLane(peerId);
    const entry = this.transportOf(lane, transportId);
    if (entry.direction !== 'send') throw refuse('sfu/transport-not-found', 'Talk on a send transport.');
    const media = this.peerMedia(lane);
    if (media.producers.size > 0) throw refuse('talkback/already-talking', 'Your microphone is already on.');
    const appData: TalkbackAppData = { source: 'talkback', userId: who.userId, displayName: who.displayName };
    const producer = await entry.transport.produce({ kind: 'audio', rtpParameters, appData, paused });
    this.keepOrClose(lane, media, producer, entry.transport);
    if (media.producers.size > 0) {
      // A second produce raced the first through the await: the first one stands.
      producer.close();
      throw refuse('talkback/already-talking', 'Your microphone is already on.');
    }
    this.adoptTalkbackProducer(peerId, producer);
    return producer;
  }

  /**
   * Keeps a talker's mic on the member's talkback lane and announces it (the recorder and the
   * speaking lights attach here). produceTalkback's own end; also how a mic fed over plain RTP on
   * this router (a server-side source) joins the room's talkback.
   */
  adoptTalkbackProducer(peerId: string, producer: types.Producer): void {
    const media = this.peerMedia(talkbackLane(peerId));
    media.producers.set(producer.id, producer);
    producer.observer.once('close', () => {
      media.producers.delete(producer.id);
      this.emit('talkback-producer-removed', producer);
    });
    void this.speakingWatch?.add(producer, peerId);
    this.emit('talkback-producer-added', producer);
  }

  /** The member's talkback mic, if it has one. */
  talkbackProducerOf(peerId: string): types.Producer | undefined {
    return this.peers.get(talkbackLane(peerId))?.producers.values().next().value;
  }

  /** Every talkback mic now, with its member socket. */
  talkbackProducers(): { peerId: string; producer: types.Producer }[] {
    const list: { peerId: string; producer: types.Producer }[] = [];
    for (const [key, media] of this.peers) {
      for (const producer of media.producers.values()) {
        if (isTalkbackProducer(producer)) list.push({ peerId: ownerOfLane(key), producer });
      }
    }
    return list;
  }

  /** One talker's voice on the caller's talkback recv transport; audio needs no keyframe, so it starts live. */
  async consumeTalkback(
    peerId: string,
    transportId: string,
    producerId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<{ id: string; producerId: string; rtpParameters: Record<string, unknown> }> {
    const lane = talkbackLane(peerId);
    const entry = this.transportOf(lane, transportId);
    if (entry.direction !== 'recv') throw refuse('sfu/transport-not-found', 'Listen on a recv transport.');
    const producer = this.findProducer(producerId);
    if (!producer || !isTalkbackProducer(producer)) throw refuse('sfu/producer-not-found', 'That talker stopped.');
    if (!this.router.canConsume({ producerId, rtpCapabilities })) {
      throw refuse('sfu/cannot-consume', 'Your browser cannot decode this stream.');
    }
    const media = this.peerMedia(lane);
    for (const existing of [...media.consumers.values()]) if (existing.producerId === producerId) existing.close();
    const consumer = await entry.transport.consume({ producerId, rtpCapabilities });
    this.keepOrClose(lane, media, consumer, entry.transport);
    media.consumers.set(consumer.id, consumer);
    consumer.observer.once('close', () => media.consumers.delete(consumer.id));
    return {
      id: consumer.id,
      producerId,
      rtpParameters: consumer.rtpParameters as unknown as Record<string, unknown>,
    };
  }

  private dropAllPeerMedia(): void {
    // The worker is dead: its objects are already closed; forget them without producer-closed noise.
    // An edge's pipe went with it: the cascade code links again on 'rebuilt'.
    this.upstreamProducers?.reset();
    this.pipes.clear();
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
    return this.upstreamProducers?.get(producerId);
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

function describeProducer(producer: types.Producer): ProducerInfo {
  return {
    producerId: producer.id,
    kind: producer.kind,
    source: (producer.appData as { source: MediaSource }).source,
  };
}
