import { randomUUID } from 'node:crypto';
import {
  cascadeEdgeMessageSchema,
  encodeCascadeMedia,
  type CascadeEdgeMessage,
  type CascadeOriginMessage,
  type MediaSource,
  type RelayDemand,
  type RelayRendition,
} from '@riffroom/protocol';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { AudioChunk } from '../../relay/room-relay.js';
import { boundedBatch, DeliveryLane, newestWins } from '../../relay/delivery-lane.js';
import { DEFAULT_RELAY_OPTIONS, type RelayItem } from '../../relay/media-relay.js';
import { RenditionFreshness } from '../../relay/rendition-freshness.js';
import type { SfuRoom } from '../../sfu/sfu-room.js';
import type { SfuRooms } from '../../sfu/sfu-rooms.js';
import { pipeEnd, pipeTransportOptions, type PipeSettings } from './pipe-settings.js';
import { TalkbackPipe } from './talkback-pipe.js';

/** An edge that opened a link and never offered its pipe end is dropped after this. */
const OFFER_TIMEOUT_MS = 10_000;
/** A relay item the edge link has not taken within this is given up (the lane moves on). */
const RELAY_SEND_TIMEOUT_MS = 5000;

export interface OriginLinkDeps {
  media: SfuRooms;
  pipe: PipeSettings;
  /** An edge's relay demand changed: the room hears the new totals (socket-relay announceRelayDemand). */
  remoteDemand(roomId: string, linkId: string, demand: RelayDemand): void;
  logger: Logger;
}

export interface OriginLinkStats {
  roomId: string;
  producers: number;
  relayFramesSent: number;
  relayAudioSent: number;
}

/**
 * The origin's end of one edge node's link for one room: a PipeTransport towards the edge that
 * consumes every producer of the room, those present and those to come (whatever their source), and
 * tells the edge of each; and the room's relay items, sent once to the edge through a delivery lane
 * per kind (and per rendition of the picture, of those the edge's guests want), so a slow link gets
 * the newest frame rather than a backlog. The room's media stays open
 * while the link does. Everything goes when the socket closes, from either side.
 */
export class OriginLink {
  readonly id = randomUUID();
  private transport: types.PipeTransport | null = null;
  private room: SfuRoom | null = null;
  private release: (() => void) | null = null;
  private consumers = new Map<string, types.Consumer>();
  private talkback: TalkbackPipe | null = null;
  private closed = false;
  private relayDemand: RelayDemand = { guests: 0, small: 0 };
  private readonly freshness = new RenditionFreshness();
  private framesSent = 0;
  private audioSent = 0;
  /** Pipe set-up and producer announcements in order, so a close never overtakes its producer. */
  private queue: Promise<void> = Promise.resolve();
  private readonly video: Record<RelayRendition, DeliveryLane<Uint8Array, Uint8Array>>;
  private readonly audio: DeliveryLane<AudioChunk, AudioChunk[]>;
  private readonly onNewProducer = ({ producerId }: { producerId: string }) =>
    this.enqueue(() => this.pipeProducer(producerId));

  constructor(
    private readonly ws: WebSocket,
    readonly roomId: string,
    private readonly deps: OriginLinkDeps,
  ) {
    const isBacklogged = () => ws.bufferedAmount > 0;
    const videoLane = (rendition: RelayRendition) =>
      new DeliveryLane<Uint8Array, Uint8Array>({
        send: (frame, done) =>
          this.sendBinary(encodeCascadeMedia({ kind: 'frame', frame, rendition }), done, () => this.framesSent++),
        policy: newestWins(),
        ackTimeoutMs: RELAY_SEND_TIMEOUT_MS,
        isBacklogged,
      });
    this.video = { full: videoLane('full'), small: videoLane('small') };
    this.audio = new DeliveryLane({
      send: (chunks, done) => {
        chunks.forEach((chunk, index) => {
          const last = index === chunks.length - 1;
          this.sendBinary(
            encodeCascadeMedia({ kind: 'audio', ...chunk }),
            last ? done : () => {},
            () => this.audioSent++,
          );
        });
      },
      policy: boundedBatch(
        DEFAULT_RELAY_OPTIONS.audioBatchMaxChunks,
        DEFAULT_RELAY_OPTIONS.audioBatchMaxBytes,
        (chunk) => chunk.data.byteLength,
      ),
      ackTimeoutMs: RELAY_SEND_TIMEOUT_MS,
      isBacklogged,
    });
    const offerTimer = setTimeout(() => this.close('no pipe offer'), OFFER_TIMEOUT_MS);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return this.close('binary from an edge');
      const parsed = cascadeEdgeMessageSchema.safeParse(safeJson(data.toString()));
      if (!parsed.success) return this.close('malformed message');
      if (parsed.data.type === 'pipe-offer') clearTimeout(offerTimer);
      this.onMessage(parsed.data);
    });
    ws.on('close', () => {
      clearTimeout(offerTimer);
      this.close('edge closed the link');
    });
    ws.on('error', () => this.close('link error'));
  }

  /**
   * A relay item of the room's host: sent to the edge while its guests want relay frames; a frame
   * only if some guest there wants its rendition, or the other one while the host does not send it
   * (rendition-freshness.ts: the edge offers it to them the same way).
   */
  offer(item: RelayItem): void {
    const now = Date.now();
    if (item.kind === 'frame') this.freshness.published(item.rendition, now);
    if (this.closed || this.relayDemand.guests === 0) return;
    if (item.kind === 'audio') {
      return this.audio.offer({ data: item.data, timestamp: item.timestamp, duration: item.duration });
    }
    if (this.edgeWants().some((wanted) => this.freshness.offers(wanted, item.rendition, now))) {
      this.video[item.rendition].offer(item.frame);
    }
  }

  /** The renditions the edge's guests want now. */
  private edgeWants(): RelayRendition[] {
    const { guests, small } = this.relayDemand;
    const wants: RelayRendition[] = [];
    if (guests > small) wants.push('full');
    if (small > 0) wants.push('small');
    return wants;
  }

  stats(): OriginLinkStats {
    return {
      roomId: this.roomId,
      producers: this.consumers.size,
      relayFramesSent: this.framesSent,
      relayAudioSent: this.audioSent,
    };
  }

  /** Idempotent. */
  close(why = 'closed'): void {
    if (this.closed) return;
    this.closed = true;
    this.deps.logger.info({ roomId: this.roomId, why }, 'cascade link to an edge closed');
    this.video.full.close();
    this.video.small.close();
    this.audio.close();
    this.room?.off('new-producer', this.onNewProducer);
    this.talkback?.close();
    this.transport?.close();
    this.release?.();
    this.deps.remoteDemand(this.roomId, this.id, { guests: 0, small: 0 });
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private onMessage(message: CascadeEdgeMessage): void {
    switch (message.type) {
      case 'pipe-offer':
        if (this.transport || this.release) return this.close('a second pipe offer');
        this.enqueue(() => this.openPipe(message));
        return;
      case 'relay-demand': {
        this.relayDemand = { guests: message.guests, small: message.small };
        const wants = this.edgeWants();
        for (const rendition of ['full', 'small'] as const) {
          if (!wants.includes(rendition)) this.video[rendition].discardPending();
        }
        if (message.guests === 0) this.audio.discardPending();
        this.deps.remoteDemand(this.roomId, this.id, this.relayDemand);
        return;
      }
      default:
        // Talkback: after the pipe is up, in order with the producers.
        this.enqueue(async () => this.talkback?.receive(message));
    }
  }

  private async openPipe(offer: Extract<CascadeEdgeMessage, { type: 'pipe-offer' }>): Promise<void> {
    const { room, release } = await this.deps.media.hold(this.roomId);
    this.release = release;
    this.room = room;
    if (this.closed) return release();
    const transport = await room.createPipeTransport(pipeTransportOptions(this.deps.pipe, offer.srtp));
    this.transport = transport;
    // The room's router closed (the room ended, its worker died): the edge links again or gives up.
    transport.observer.once('close', () => this.close('pipe transport closed'));
    if (this.closed) return void transport.close();
    await transport.connect({ ip: offer.ip, port: offer.port, srtpParameters: offer.srtpParameters });
    this.send({ type: 'pipe-answer', ...pipeEnd(transport) });
    room.on('new-producer', this.onNewProducer);
    for (const { producerId } of room.producers()) await this.pipeProducer(producerId);
    this.send({ type: 'producers-listed' });
    this.talkback = new TalkbackPipe(this.id, room, transport, (message) => this.send(message));
    await this.talkback.start();
  }

  private async pipeProducer(producerId: string): Promise<void> {
    const transport = this.transport;
    if (this.closed || !transport || this.consumers.has(producerId)) return;
    const producer = this.room?.producerObject(producerId);
    if (!producer) return; // Closed meanwhile.
    // A pipe consumer carries every encoding (simulcast layers included) and the producer's pauses.
    const consumer = await transport.consume({ producerId });
    if (this.closed) return;
    this.consumers.set(producerId, consumer);
    consumer.observer.once('close', () => {
      this.consumers.delete(producerId);
      this.send({ type: 'producer-closed', producerId });
    });
    consumer.on('producerpause', () => this.send({ type: 'producer-paused', producerId }));
    consumer.on('producerresume', () => this.send({ type: 'producer-resumed', producerId }));
    this.send({
      type: 'producer',
      producerId,
      kind: consumer.kind,
      source: (producer.appData as { source: MediaSource }).source,
      rtpParameters: consumer.rtpParameters as unknown as CascadeOriginMessageRtp,
      paused: consumer.producerPaused,
    });
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, roomId: this.roomId }, 'cascade pipe step failed');
      this.close('pipe step failed');
    });
  }

  private send(message: CascadeOriginMessage): void {
    if (!this.closed && this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  private sendBinary(bytes: Uint8Array, done: () => void, counted: () => void): void {
    if (this.ws.readyState !== this.ws.OPEN) throw new Error('link closed');
    counted();
    this.ws.send(bytes, { binary: true }, () => done());
  }
}

type CascadeOriginMessageRtp = Extract<CascadeOriginMessage, { type: 'producer' }>['rtpParameters'];

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
