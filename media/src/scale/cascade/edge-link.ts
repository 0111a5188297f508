import {
  cascadeLinkPath,
  cascadeOriginMessageSchema,
  decodeCascadeMedia,
  INTERNAL_SECRET_HEADER,
  SCREEN_FRAME_MAX_BYTES,
  type CascadeEdgeMessage,
  type CascadeOriginMessage,
  type RelayDemand,
} from '@riffroom/protocol';
import { randomUUID } from 'node:crypto';
import type { types } from 'mediasoup';
import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { RoomUpstream } from '../../sfu/room-upstream.js';
import { cascadeEdgeRooms } from '../../sfu/cascade-edge-rooms.js';
import type { SfuRoom } from '../../sfu/sfu-room.js';
import type { OriginNode } from './origin-lookup.js';
import { pipeEnd, pipeTransportOptions, type PipeSettings } from './pipe-settings.js';
import { TalkbackPipe } from './talkback-pipe.js';

export interface EdgeLinkDeps {
  secret: string;
  pipe: PipeSettings;
  /** Also on the piped producers: keyframe requests of this node's viewers stay bounded here too. */
  keyFrameRequestDelayMs: number;
  /** A relay item from the origin, for this node's guests of the room. */
  relayItem(roomId: string, item: NonNullable<ReturnType<typeof decodeCascadeMedia>>): void;
  logger: Logger;
}

export interface EdgeLinkStats {
  roomId: string;
  origin: string;
  producers: number;
  relayFramesReceived: number;
  relayAudioReceived: number;
}

/**
 * An edge node's link to a room's origin: a PipeTransport that receives the producers the origin
 * pipes (each once, whatever number of viewers this node has), produced here with their origin ids
 * into the room's upstream, where this node's viewers consume them; and the relay items the origin
 * sends once for all of this node's relay guests. `closed` resolves when the link is gone, from
 * either side; the room's close closes it.
 */
export class EdgeLink {
  private transport: types.PipeTransport | null = null;
  private talkback: TalkbackPipe | null = null;
  private readonly ws: WebSocket;
  private demand: RelayDemand = { guests: 0, small: 0 };
  private framesReceived = 0;
  private audioReceived = 0;
  private ended = false;
  /** The origin accepted the link (an attempt that never got there is not a lost origin). */
  opened = false;
  /** The piped producers the link had when it closed: gone for this node's viewers. */
  lostProducers: string[] = [];
  /** Messages are acted on in order: a producer's close never overtakes its produce. */
  private queue: Promise<void> = Promise.resolve();
  readonly closed: Promise<void>;
  private resolveClosed!: () => void;

  constructor(
    readonly roomId: string,
    private readonly room: SfuRoom,
    private readonly upstream: RoomUpstream,
    readonly origin: OriginNode,
    private readonly deps: EdgeLinkDeps,
  ) {
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    cascadeEdgeRooms.add(room);
    const url = new URL(cascadeLinkPath(roomId), origin.internalUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.ws = new WebSocket(url, {
      headers: { [INTERNAL_SECRET_HEADER]: deps.secret },
      maxPayload: 2 * SCREEN_FRAME_MAX_BYTES,
      handshakeTimeout: 5000,
    });
    this.ws.on('open', () => {
      this.opened = true;
      this.enqueue(() => this.offerPipe());
    });
    this.ws.on('message', (data, isBinary) => {
      const bytes = data as Buffer;
      if (isBinary) return this.onMedia(bytes);
      const parsed = cascadeOriginMessageSchema.safeParse(safeJson(bytes.toString()));
      if (!parsed.success) return this.close('malformed message from the origin');
      this.enqueue(() => this.onMessage(parsed.data));
    });
    this.ws.on('close', () => this.close('origin closed the link'));
    this.ws.on('error', (error) => this.close(`link error: ${error.message}`));
    upstream.onClose(() => this.close('room closed'));
  }

  /** This node's guests that want relay frames, and how many the small rendition; the origin adds them to the host's counts. */
  reportDemand(demand: RelayDemand): void {
    this.demand = { guests: demand.guests, small: demand.small };
    this.send({ type: 'relay-demand', ...this.demand });
  }

  stats(): EdgeLinkStats {
    return {
      roomId: this.roomId,
      origin: this.origin.nodeId,
      producers: this.upstream.list().length,
      relayFramesReceived: this.framesReceived,
      relayAudioReceived: this.audioReceived,
    };
  }

  /** Idempotent: the pipe and the producers it brought go; viewers' consumers close with them. */
  close(why: string): void {
    if (this.ended) return;
    this.ended = true;
    this.deps.logger.info(
      { roomId: this.roomId, origin: this.origin.nodeId, why },
      'cascade link to the origin closed',
    );
    // Before the transport: closing it closes its producers, and the upstream forgets them.
    this.lostProducers = this.upstream.reset();
    this.talkback?.close();
    this.transport?.close();
    cascadeEdgeRooms.delete(this.room);
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    this.resolveClosed();
  }

  private async offerPipe(): Promise<void> {
    const srtp = this.deps.pipe.srtp;
    const transport = await this.room.createPipeTransport(pipeTransportOptions(this.deps.pipe, srtp));
    if (this.ended) return void transport.close();
    this.transport = transport;
    transport.observer.once('close', () => this.close('pipe transport closed'));
    this.send({ type: 'pipe-offer', srtp, ...pipeEnd(transport) });
    if (this.demand.guests > 0) this.send({ type: 'relay-demand', ...this.demand });
  }

  private async onMessage(message: CascadeOriginMessage): Promise<void> {
    const transport = this.transport;
    if (this.ended || !transport) return;
    switch (message.type) {
      case 'pipe-answer':
        await transport.connect({ ip: message.ip, port: message.port, srtpParameters: message.srtpParameters });
        // This node's talkers go to the origin, which pipes them on to the other edges.
        this.talkback = new TalkbackPipe(randomUUID(), this.room, transport, (talk) => this.send(talk));
        await this.talkback.start();
        return;
      case 'producer': {
        const producer = await transport.produce({
          id: message.producerId,
          kind: message.kind,
          rtpParameters: message.rtpParameters as unknown as types.RtpParameters,
          paused: message.paused,
          keyFrameRequestDelay: this.deps.keyFrameRequestDelayMs,
          appData: { peerId: `cascade:${this.origin.nodeId}`, source: message.source },
        });
        if (this.ended) return void producer.close();
        this.upstream.add(producer);
        return;
      }
      case 'producer-closed':
        this.upstream.get(message.producerId)?.close();
        return;
      case 'producer-paused':
        await this.upstream.get(message.producerId)?.pause();
        return;
      case 'producer-resumed':
        await this.upstream.get(message.producerId)?.resume();
        return;
      case 'producers-listed':
        this.upstream.markListed();
        return;
      default:
        await this.talkback?.receive(message);
    }
  }

  private onMedia(bytes: Buffer): void {
    const item = decodeCascadeMedia(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!item) return;
    if (item.kind === 'frame') this.framesReceived += 1;
    else this.audioReceived += 1;
    this.deps.relayItem(this.roomId, item);
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue.then(step).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, roomId: this.roomId }, 'cascade pipe step failed');
      this.close('pipe step failed');
    });
  }

  private send(message: CascadeEdgeMessage): void {
    if (!this.ended && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
