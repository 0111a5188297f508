import { refuse, type MediaSource } from '@riffroom/protocol';
import type { types } from 'mediasoup';
import { isThinRendition, streamOf } from './program-audio-renditions.js';
import { talkbackLane } from './talkback-lane.js';

export type Direction = 'send' | 'recv';

/** One media key's objects on the router: a member's tier media, or its talkback lane (talkback-lane.ts). */
export interface PeerMedia {
  transports: Map<string, { transport: types.WebRtcTransport; direction: Direction }>;
  producers: Map<string, types.Producer>;
  consumers: Map<string, types.Consumer>;
}

/** What the table needs to know of the room that holds it. */
interface RoomLife {
  isClosed(): boolean;
  /** Throws sfu/unavailable when the room (or its router) is closed. */
  assertOpen(): void;
}

/**
 * A room's mediasoup objects by media key. Every entry leaves its map when mediasoup closes the
 * object, whoever closed it (the peer, its transport, the router or the worker's death), so no map
 * holds a dead object.
 */
export class PeerMediaTable {
  private readonly media = new Map<string, PeerMedia>();

  constructor(private readonly room: RoomLife) {}

  get(key: string): PeerMedia | undefined {
    return this.media.get(key);
  }

  /** The key's entry, made empty on first use. */
  ensure(key: string): PeerMedia {
    let media = this.media.get(key);
    if (!media) {
      media = { transports: new Map(), producers: new Map(), consumers: new Map() };
      this.media.set(key, media);
    }
    return media;
  }

  keys(): string[] {
    return [...this.media.keys()];
  }

  entries(): IterableIterator<[string, PeerMedia]> {
    return this.media.entries();
  }

  transportOf(key: string, transportId: string) {
    this.room.assertOpen();
    const entry = this.media.get(key)?.transports.get(transportId);
    if (!entry) throw refuse('sfu/transport-not-found', 'No such transport of yours.');
    return entry;
  }

  /** The key's transport of one direction; `misuse` is the refusal's message when it is the other one. */
  transportFor(key: string, transportId: string, direction: Direction, misuse: string): types.WebRtcTransport {
    const entry = this.transportOf(key, transportId);
    if (entry.direction !== direction) throw refuse('sfu/transport-not-found', misuse);
    return entry.transport;
  }

  /**
   * After an await that made a mediasoup object: if the peer left, the room closed or the transport
   * closed meanwhile, nobody would ever close the new object, so it is closed now and the call refused.
   */
  keepOrClose(key: string, media: PeerMedia, made: { close(): void }, transport?: { closed: boolean }): void {
    if (!this.room.isClosed() && this.media.get(key) === media && !transport?.closed) return;
    made.close();
    throw refuse('sfu/unavailable', 'You left the room, or its media closed, while this was being set up.');
  }

  /**
   * A consumer on the key's recv transport, kept until it closes. Consuming a producer again
   * replaces the previous consumer of it, closed before the new one is made. With `handover`, a
   * playing one stays until the new one is resumed (closeSuperseded), so a renewed stream has no
   * gap; only the newest playing one stays, so a peer holds at most two consumers of a producer.
   */
  async consume(
    key: string,
    transport: types.WebRtcTransport,
    options: types.ConsumerOptions,
    { handover = false } = {},
  ): Promise<types.Consumer> {
    const media = this.ensure(key);
    // A consumer of the thin program audio stands for the studio one: renewing swaps one for the other.
    const stream = streamOf(options);
    const previous = [...media.consumers.values()].filter((existing) => streamOf(existing) === stream);
    const kept = handover ? previous.filter((existing) => !existing.paused).at(-1) : undefined;
    for (const existing of previous) if (existing !== kept) existing.close();
    const consumer = await transport.consume(options);
    this.keepOrClose(key, media, consumer, transport);
    media.consumers.set(consumer.id, consumer);
    consumer.observer.once('close', () => media.consumers.delete(consumer.id));
    return consumer;
  }

  /** Closes the key's other consumers of the producer `current` consumes: `current` replaced them. */
  closeSuperseded(key: string, current: types.Consumer): void {
    for (const other of [...(this.media.get(key)?.consumers.values() ?? [])]) {
      if (other !== current && streamOf(other) === streamOf(current)) other.close();
    }
  }

  /** One of the peers' own producers (not those piped in from another node). */
  findProducer(producerId: string): types.Producer | undefined {
    for (const media of this.media.values()) {
      const producer = media.producers.get(producerId);
      if (producer) return producer;
    }
    return undefined;
  }

  /** The peers' open producers of one source (the studio stream of program audio). */
  producersOf(source: MediaSource): types.Producer[] {
    const found: types.Producer[] = [];
    for (const media of this.media.values()) {
      for (const producer of media.producers.values()) {
        // The program audio's thin stream is a copy for thin links: a recording wants the studio one.
        if (isThinRendition(producer)) continue;
        if ((producer.appData as { source?: MediaSource }).source === source) found.push(producer);
      }
    }
    return found;
  }

  /**
   * A peer left: its transports close, and with them its producers and consumers. 'tier' keeps its
   * talkback (the peer only abandoned the SFU tier for a fallback); 'all' is for a peer leaving.
   */
  removePeer(peerId: string, lanes: 'all' | 'tier' = 'all'): void {
    for (const key of lanes === 'all' ? [peerId, talkbackLane(peerId)] : [peerId]) {
      const media = this.media.get(key);
      if (!media) continue;
      for (const { transport } of [...media.transports.values()]) transport.close();
      this.media.delete(key);
    }
  }

  /** The worker died: its objects are already closed, so they are forgotten without closing (or events). */
  forgetAll(): void {
    for (const media of this.media.values()) {
      media.producers.clear();
      media.consumers.clear();
      media.transports.clear();
    }
    this.media.clear();
  }

  /** The peers' own producers and consumers open now (metrics). */
  counts(): { producers: number; consumers: number } {
    let producers = 0;
    let consumers = 0;
    for (const media of this.media.values()) {
      producers += media.producers.size;
      consumers += media.consumers.size;
    }
    return { producers, consumers };
  }
}
