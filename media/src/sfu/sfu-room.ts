import { EventEmitter } from 'node:events';
import {
  refuse,
  type ConsumerInfo,
  type MediaSource,
  type ProducerInfo,
  type ScreenLayerMode,
  type TransportInfo,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { ProgramAudioChange } from './audio-reserve.js';
import { HostMedia } from './host-media.js';
import { ROOM_MEDIA_CODECS } from './media-codecs.js';
import { PeerMediaTable, type Direction } from './peer-media.js';
import type { RoomMediaScope, SfuRoomEvents } from './room-media-scope.js';
import { openPeerTransport } from './peer-transports.js';
import { RoomNodeLinks } from './room-node-links.js';
import type { RoomUpstream } from './room-upstream.js';
import { talkbackLane, type SpeakingOptions } from './talkback-lane.js';
import { TalkbackMedia } from './talkback-media.js';
import type { WorkerSlot } from './worker-pool.js';

export type { SfuRoomEvents } from './room-media-scope.js';

export interface SfuRoomOptions {
  keyFrameRequestDelayMs: number;
  /** The talkback speaking indicator's observer; the defaults when absent. */
  speaking?: SpeakingOptions;
  /** SCREEN_LAYERS: how hosts encode their screen, told to them with the router's capabilities. */
  screenLayers: ScreenLayerMode;
  /** SFU_AUDIO_RESERVE_MARGIN_PCT (audio-reserve.ts); its default when absent. */
  audioReserveMarginPct?: number;
  /** TALKBACK_MAX_KBPS: what one talker may send (talkback-bitrate.ts); its default when absent. */
  talkbackMaxKbps?: number;
}

/**
 * One room's media on one worker: its router and lifecycle, each peer's WebRTC transports, and
 * the pipes to other nodes. The host's media and its viewers live in host-media.ts, talkback in
 * talkback-media.ts; this class is the one surface the socket layer, the recorder and the cascade
 * call. Knows nothing of sockets or roles: the socket layer checks who may produce before calling here.
 */
export class SfuRoom extends EventEmitter<SfuRoomEvents> {
  private readonly peers = new PeerMediaTable({ isClosed: () => this.closed, assertOpen: () => this.assertOpen() });
  private closed = false;
  private readonly links = new RoomNodeLinks();
  private readonly hostMedia: HostMedia;
  private readonly talkback: TalkbackMedia;

  private constructor(
    readonly roomId: string,
    private slot: WorkerSlot,
    private router: types.Router,
    private readonly options: SfuRoomOptions,
  ) {
    super();
    const scope: RoomMediaScope = {
      peers: this.peers,
      router: () => this.router,
      isClosed: () => this.closed,
      upstream: () => this.links.upstream,
      findProducer: (producerId) => this.findProducer(producerId),
      emit: this.emit.bind(this),
    };
    this.hostMedia = new HostMedia(scope, options.keyFrameRequestDelayMs);
    this.talkback = new TalkbackMedia(scope, options.speaking, options.talkbackMaxKbps);
  }

  static async create(roomId: string, slot: WorkerSlot, options: SfuRoomOptions): Promise<SfuRoom> {
    const router = await slot.worker.createRouter({ mediaCodecs: ROOM_MEDIA_CODECS, appData: { roomId } });
    const room = new SfuRoom(roomId, slot, router, options);
    await room.talkback.watchSpeaking(router);
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

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * After the worker died: a fresh router on its replacement. Everything that lived on the dead
   * worker is gone, so every peer starts again with no transports (clients are told to reconnect).
   */
  async rebuild(slot: WorkerSlot): Promise<void> {
    if (this.closed) return;
    // The dead worker's objects are already closed: forget them without producer-closed noise.
    this.links.forgetDead();
    this.peers.forgetAll();
    const router = await slot.worker.createRouter({ mediaCodecs: ROOM_MEDIA_CODECS, appData: { roomId: this.roomId } });
    if (this.closed) {
      router.close();
      return;
    }
    this.slot = slot;
    this.router = router;
    await this.talkback.watchSpeaking(router);
  }

  /**
   * `maxIncomingKbps`: a viewer's own cap on what it receives (protocol screen-layers.ts);
   * `sendCapKbps`: the most a send transport takes in (talkback).
   */
  createTransport(
    peerId: string,
    direction: Direction,
    maxIncomingKbps?: number,
    sendCapKbps?: number,
  ): Promise<TransportInfo> {
    this.assertOpen();
    const { router, slot, peers } = this;
    const producerOf = (id: string) => this.findProducer(id);
    const site = {
      router,
      slot,
      peers,
      producerOf,
      thinOf: (studio: types.Producer) => this.hostMedia.thinOf(studio),
      audioReserveMarginPct: this.options.audioReserveMarginPct,
      renewAudio: (id: string, consumer: types.Consumer, change: ProgramAudioChange) =>
        this.hostMedia.renew(id, consumer, change),
    };
    return openPeerTransport(site, peerId, direction, maxIncomingKbps, sendCapKbps);
  }

  /**
   * A member's talkback transport (its talkback lane). A send transport tells the talker's sender
   * the talkback cap in its congestion feedback (maxIncomingBitrate); talkback-bitrate.ts closes a
   * mic that ignores it.
   */
  createTalkbackTransport(peerId: string, direction: Direction): Promise<TransportInfo> {
    return this.createTransport(talkbackLane(peerId), direction, undefined, this.talkback.maxKbps);
  }

  async connectTransport(peerId: string, transportId: string, dtlsParameters: types.DtlsParameters): Promise<void> {
    await this.peers.transportOf(peerId, transportId).transport.connect({ dtlsParameters });
  }

  produce(...args: Parameters<HostMedia['produce']>): Promise<string> {
    return this.hostMedia.produce(...args);
  }

  closeProducer(peerId: string, producerId: string): void {
    this.hostMedia.closeProducer(peerId, producerId);
  }

  /** Closes the peer's producers of one source (stop-sharing); none is fine. */
  closeSource(peerId: string, source: MediaSource): void {
    this.hostMedia.closeSource(peerId, source);
  }

  producers(): ProducerInfo[] {
    return this.hostMedia.producers();
  }

  hasProducer(source: MediaSource): boolean {
    return this.producers().some((producer) => producer.source === source);
  }

  /** A viewer's consumer of the host's media, paused until the viewer resumes it. */
  consume(...args: Parameters<HostMedia['consume']>): Promise<ConsumerInfo> {
    return this.hostMedia.consume(...args);
  }

  resumeConsumer(peerId: string, consumerId: string): Promise<void> {
    return this.hostMedia.resumeConsumer(peerId, consumerId);
  }

  /**
   * A peer left: its transports close, and with them its producers and consumers. 'tier' keeps its
   * talkback (the peer only abandoned the SFU tier for a fallback); 'all' is for a peer leaving.
   */
  removePeer(peerId: string, lanes: 'all' | 'tier' = 'all'): void {
    this.peers.removePeer(peerId, lanes);
  }

  /**
   * An edge node's room: from now on its producer list and consumes wait (bounded) for the pipe
   * from the origin. Made once; the cascade code fills it.
   */
  upstream(): RoomUpstream {
    this.assertOpen();
    return this.links.ensureUpstream();
  }

  /** Resolves once an edge's pipe has listed the origin's producers (at once on the origin). */
  whenUpstreamListed(): Promise<void> {
    return this.links.whenUpstreamListed();
  }

  /** A PipeTransport on this room's router, to or from another node; it closes with the room. */
  createPipeTransport(options: types.PipeTransportOptions): Promise<types.PipeTransport> {
    this.assertOpen();
    const router = this.router;
    return this.links.createPipeTransport(router, options, () => !this.closed && router === this.router);
  }

  /** Idempotent. Transports close before the router; the worker's WebRtcServer stays open. */
  close(): void {
    if (this.closed) return;
    for (const peerId of this.peers.keys()) this.removePeer(peerId);
    this.links.close();
    this.talkback.close();
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
    const { producers, consumers } = this.peers.counts();
    return { producers: producers + (this.links.upstream?.list().length ?? 0), consumers };
  }

  /** For tests and stats: this room's objects on the worker. */
  consumerOf(peerId: string, consumerId: string): types.Consumer | undefined {
    return this.peers.get(peerId)?.consumers.get(consumerId);
  }

  /** The host's open producers of one source (the recorder captures each). */
  producersOf(source: MediaSource): types.Producer[] {
    return this.peers.producersOf(source);
  }

  producerObject(producerId: string): types.Producer | undefined {
    return this.findProducer(producerId);
  }

  /**
   * A talker's mic on their talkback lane. One at a time per member (the caller checks the person);
   * `who` comes from the verified identity. `paused`: the host muted this person before, so the new
   * mic starts paused and only the host resumes it.
   */
  produceTalkback(...args: Parameters<TalkbackMedia['produce']>): Promise<types.Producer> {
    return this.talkback.produce(...args);
  }

  /** A mic fed over plain RTP on this router (a server-side source) joins the room's talkback. */
  adoptTalkbackProducer(peerId: string, producer: types.Producer): void {
    this.talkback.adopt(peerId, producer);
  }

  /** The member's talkback mic, if it has one. */
  talkbackProducerOf(peerId: string): types.Producer | undefined {
    return this.talkback.producerOf(peerId);
  }

  /** Every talkback mic now, with its member socket. */
  talkbackProducers(): { peerId: string; producer: types.Producer }[] {
    return this.talkback.producers();
  }

  /** One talker's voice on the caller's talkback recv transport. */
  consumeTalkback(...args: Parameters<TalkbackMedia['consume']>): ReturnType<TalkbackMedia['consume']> {
    return this.talkback.consume(...args);
  }

  private findProducer(producerId: string): types.Producer | undefined {
    return this.peers.findProducer(producerId) ?? this.links.upstream?.get(producerId);
  }

  private assertOpen(): void {
    if (this.closed || this.router.closed) throw refuse('sfu/unavailable', 'This room has no media right now.');
  }
}
