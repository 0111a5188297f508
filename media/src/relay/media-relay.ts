import {
  AUDIO_CHUNK_MAX_BYTES,
  AUDIO_CHUNK_MAX_PER_SECOND,
  RELAY_ACK_TIMEOUT_MS,
  SCREEN_FRAME_MAX_BYTES,
  SCREEN_FRAME_MAX_PER_SECOND,
  refuse,
  type RelayDemand,
  type RelayRendition,
} from '@riffroom/protocol';
import { RateLimiter } from '../rooms/rate-limiter.js';
import { emptyLaneStats, type Timers } from './delivery-lane.js';
import {
  RoomRelay,
  type AudioChunk,
  type RelayFrame,
  type RelayTotals,
  type RelayTransport,
  type RoomRelayOptions,
} from './room-relay.js';

export interface MediaRelayOptions extends RoomRelayOptions {
  maxFrameBytes: number;
  maxFramesPerSecond: number;
  maxAudioChunkBytes: number;
  maxAudioChunksPerSecond: number;
}

export const DEFAULT_RELAY_OPTIONS: MediaRelayOptions = {
  maxFrameBytes: SCREEN_FRAME_MAX_BYTES,
  maxFramesPerSecond: SCREEN_FRAME_MAX_PER_SECOND,
  maxAudioChunkBytes: AUDIO_CHUNK_MAX_BYTES,
  maxAudioChunksPerSecond: AUDIO_CHUNK_MAX_PER_SECOND,
  ackTimeoutMs: RELAY_ACK_TIMEOUT_MS,
  // About one second of 20 ms Opus packets, and at most 4 full-size chunks of memory per guest.
  audioBatchMaxChunks: 50,
  audioBatchMaxBytes: 4 * AUDIO_CHUNK_MAX_BYTES,
};

/**
 * Scaled out, a room's relay spans nodes (scale/cascade): the origin sends each item once to every
 * edge whose guests want it, and an edge's demand counts at the origin, which alone tells the host.
 */
export interface RelayCascade {
  /** Every item this node's host published, after it passed the checks. */
  published(roomId: string, item: RelayItem): void;
  /** Whether this node is an edge of the room: then the origin tells the host, not this node. */
  isEdge(roomId: string): boolean;
  /** An edge's guests that want the room's frames now (and how many on the small rendition), for the origin. */
  reportDemand(roomId: string, localDemand: RelayDemand): void;
}

/** What the host publishes to the relay: a frame of one rendition, or an audio chunk. */
export type RelayItem = ({ kind: 'frame' } & RelayFrame) | ({ kind: 'audio' } & AudioChunk);

const noDemand: RelayDemand = { guests: 0, small: 0 };

interface RoomEntry {
  relay: RoomRelay;
  frames: RateLimiter;
  audio: RateLimiter;
}

// Every JPEG starts with the SOI marker and the first segment's marker prefix.
const isJpeg = (frame: Uint8Array) =>
  frame.byteLength >= 3 && frame[0] === 0xff && frame[1] === 0xd8 && frame[2] === 0xff;

/**
 * The relay tier of the media node: checks what a host sends (size, format, rate) and forwards it
 * to the room's guests through each room's RoomRelay. Knows nothing of sockets: who is the host and
 * who the guests are is decided by the caller.
 */
export class MediaRelay {
  private rooms = new Map<string, RoomEntry>();
  /** Deliveries and drops of every lane since start, rooms long closed included (metrics). */
  readonly totals: RelayTotals = { video: emptyLaneStats(), audio: emptyLaneStats() };
  /** Guests on edge nodes that want a room's frames, by edge link (scale/cascade). */
  private remoteDemand = new Map<string, Map<string, RelayDemand>>();
  /** Set when the node cascades rooms to or from other nodes. */
  cascade: RelayCascade | null = null;
  /**
   * A room's demand changed by itself (a guest moved to the other rendition): the transport tells
   * the room (socket-relay.ts). Changes a caller made (subscribe, removeGuest) are returned instead.
   */
  onDemandChange: ((roomId: string) => void) | null = null;

  constructor(
    private readonly transport: RelayTransport,
    private readonly options: MediaRelayOptions = DEFAULT_RELAY_OPTIONS,
    private readonly timers?: Timers,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Forwards a JPEG frame of one rendition to the subscribed guests among `guestIds` that want it;
   * returns how many it was offered to. Both renditions pass the same checks, and one rate limit
   * covers them together (a host at 10 fps sends at most 20 a second).
   */
  publishFrame(
    roomId: string,
    frame: Uint8Array,
    guestIds: readonly string[],
    rendition: RelayRendition = 'full',
  ): number {
    if (frame.byteLength > this.options.maxFrameBytes) {
      throw refuse(
        'relay/frame-too-large',
        `A screen frame may be at most ${this.options.maxFrameBytes} bytes; this one has ${frame.byteLength}.`,
      );
    }
    if (!isJpeg(frame)) throw refuse('relay/not-jpeg', 'A screen frame must be a JPEG image.');
    const entry = this.entry(roomId);
    if (!entry.frames.take(this.now())) {
      throw refuse('room/rate-limited', 'Too many screen frames per second; this one was dropped.');
    }
    const offered = entry.relay.publishFrame({ frame, rendition }, guestIds);
    this.cascade?.published(roomId, { kind: 'frame', frame, rendition });
    return offered;
  }

  /** An edge node: a frame the origin relayed, already checked there, to this node's guests. */
  forwardFrame(roomId: string, frame: RelayFrame, guestIds: readonly string[]): number {
    return this.entry(roomId).relay.publishFrame(frame, guestIds);
  }

  forwardAudio(roomId: string, chunk: AudioChunk, guestIds: readonly string[]): number {
    return this.entry(roomId).relay.publishAudio(chunk, guestIds);
  }

  publishAudio(roomId: string, chunk: AudioChunk, guestIds: readonly string[]): number {
    if (chunk.data.byteLength > this.options.maxAudioChunkBytes) {
      throw refuse(
        'relay/chunk-too-large',
        `An audio chunk may be at most ${this.options.maxAudioChunkBytes} bytes; this one has ${chunk.data.byteLength}.`,
      );
    }
    const entry = this.entry(roomId);
    if (!entry.audio.take(this.now())) {
      throw refuse('room/rate-limited', 'Too many audio chunks per second; this one was dropped.');
    }
    const offered = entry.relay.publishAudio(chunk, guestIds);
    this.cascade?.published(roomId, { kind: 'audio', ...chunk });
    return offered;
  }

  /** A guest switches the relay on or off for itself; returns the room's demand and whether it changed. */
  subscribe(roomId: string, guestId: string, on: boolean): { demand: RelayDemand; changed: boolean } {
    const relay = this.entry(roomId).relay;
    const changed = relay.subscribe(guestId, on);
    return { demand: this.demand(roomId), changed };
  }

  /** Guests of the room that want relay frames (and how many the small rendition), on this node and its edge nodes. */
  demand(roomId: string): RelayDemand {
    const total = { ...this.localDemand(roomId) };
    for (const edge of this.remoteDemand.get(roomId)?.values() ?? []) {
      total.guests += edge.guests;
      total.small += edge.small;
    }
    return total;
  }

  /** Guests on this node only that want relay frames. */
  localDemand(roomId: string): RelayDemand {
    return this.rooms.get(roomId)?.relay.demand ?? { ...noDemand };
  }

  /** An edge link's guests that want the room's frames (none when the link closes); returns whether it changed. */
  setRemoteDemand(roomId: string, linkId: string, demand: RelayDemand): boolean {
    let links = this.remoteDemand.get(roomId);
    const before = links?.get(linkId) ?? noDemand;
    if (before.guests === demand.guests && before.small === demand.small) return false;
    if (!links) this.remoteDemand.set(roomId, (links = new Map()));
    if (demand.guests > 0) links.set(linkId, { guests: demand.guests, small: demand.small });
    else links.delete(linkId);
    if (links.size === 0) this.remoteDemand.delete(roomId);
    return true;
  }

  /** The guest left the room; returns the room's demand and whether it changed. */
  removeGuest(roomId: string, guestId: string): { demand: RelayDemand; changed: boolean } {
    const relay = this.rooms.get(roomId)?.relay;
    if (!relay) return { demand: { ...noDemand }, changed: false };
    const changed = relay.removeGuest(guestId);
    return { demand: this.demand(roomId), changed };
  }

  /** The host stopped sharing: nothing already queued for the room's guests is sent any more. */
  dropQueued(roomId: string): void {
    this.rooms.get(roomId)?.relay.dropQueued();
  }

  room(roomId: string): RoomRelay | null {
    return this.rooms.get(roomId)?.relay ?? null;
  }

  /** The room emptied or ended; idempotent. */
  closeRoom(roomId: string): void {
    this.rooms.get(roomId)?.relay.close();
    this.rooms.delete(roomId);
  }

  /** Lanes behind across every room, by kind (metrics; a walk over the live lanes). */
  lanesBehind(): { video: number; audio: number } {
    const behind = { video: 0, audio: 0 };
    for (const { relay } of this.rooms.values()) {
      const room = relay.lanesBehind();
      behind.video += room.video;
      behind.audio += room.audio;
    }
    return behind;
  }

  /** Guests on this node offered the small rendition now, across every room (metrics). */
  smallGuests(): number {
    let small = 0;
    for (const { relay } of this.rooms.values()) small += relay.smallGuests();
    return small;
  }

  isSubscriber(roomId: string, guestId: string): boolean {
    return this.rooms.get(roomId)?.relay.isSubscriber(guestId) ?? false;
  }

  closeAll(): void {
    for (const roomId of [...this.rooms.keys()]) this.closeRoom(roomId);
  }

  private entry(roomId: string): RoomEntry {
    let entry = this.rooms.get(roomId);
    if (!entry) {
      entry = {
        relay: new RoomRelay(roomId, this.transport, this.options, {
          timers: this.timers,
          totals: this.totals,
          now: this.now,
          demandChanged: () => this.onDemandChange?.(roomId),
        }),
        frames: new RateLimiter(this.options.maxFramesPerSecond, 1000),
        audio: new RateLimiter(this.options.maxAudioChunksPerSecond, 1000),
      };
      this.rooms.set(roomId, entry);
    }
    return entry;
  }
}
