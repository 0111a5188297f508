import {
  AUDIO_CHUNK_MAX_BYTES,
  AUDIO_CHUNK_MAX_PER_SECOND,
  RELAY_ACK_TIMEOUT_MS,
  SCREEN_FRAME_MAX_BYTES,
  SCREEN_FRAME_MAX_PER_SECOND,
  refuse,
} from '@riffroom/protocol';
import { RateLimiter } from '../rooms/rate-limiter.js';
import { emptyLaneStats, type Timers } from './delivery-lane.js';
import {
  RoomRelay,
  type AudioChunk,
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
  published(roomId: string, item: { kind: 'frame'; frame: Uint8Array } | ({ kind: 'audio' } & AudioChunk)): void;
  /** Whether this node is an edge of the room: then the origin tells the host, not this node. */
  isEdge(roomId: string): boolean;
  /** An edge's guests that want the room's frames now, for the origin. */
  reportDemand(roomId: string, localDemand: number): void;
}

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
  private remoteDemand = new Map<string, Map<string, number>>();
  /** Set when the node cascades rooms to or from other nodes. */
  cascade: RelayCascade | null = null;

  constructor(
    private readonly transport: RelayTransport,
    private readonly options: MediaRelayOptions = DEFAULT_RELAY_OPTIONS,
    private readonly timers?: Timers,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forwards a JPEG frame to the subscribed guests among `guestIds`; returns how many it was offered to. */
  publishFrame(roomId: string, frame: Uint8Array, guestIds: readonly string[]): number {
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
    const offered = entry.relay.publishFrame(frame, guestIds);
    this.cascade?.published(roomId, { kind: 'frame', frame });
    return offered;
  }

  /** An edge node: a frame the origin relayed, already checked there, to this node's guests. */
  forwardFrame(roomId: string, frame: Uint8Array, guestIds: readonly string[]): number {
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
  subscribe(roomId: string, guestId: string, on: boolean): { demand: number; changed: boolean } {
    const relay = this.entry(roomId).relay;
    const changed = relay.subscribe(guestId, on);
    return { demand: this.demand(roomId), changed };
  }

  /** Guests of the room that want relay frames, on this node and on its edge nodes. */
  demand(roomId: string): number {
    let remote = 0;
    for (const guests of this.remoteDemand.get(roomId)?.values() ?? []) remote += guests;
    return this.localDemand(roomId) + remote;
  }

  /** Guests on this node only that want relay frames. */
  localDemand(roomId: string): number {
    return this.rooms.get(roomId)?.relay.demand ?? 0;
  }

  /** An edge link's guests that want the room's frames (0 when the link closes); returns whether it changed. */
  setRemoteDemand(roomId: string, linkId: string, guests: number): boolean {
    let links = this.remoteDemand.get(roomId);
    if ((links?.get(linkId) ?? 0) === guests) return false;
    if (!links) this.remoteDemand.set(roomId, (links = new Map()));
    if (guests > 0) links.set(linkId, guests);
    else links.delete(linkId);
    if (links.size === 0) this.remoteDemand.delete(roomId);
    return true;
  }

  /** The guest left the room; returns the room's demand and whether it changed. */
  removeGuest(roomId: string, guestId: string): { demand: number; changed: boolean } {
    const relay = this.rooms.get(roomId)?.relay;
    if (!relay) return { demand: 0, changed: false };
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
        relay: new RoomRelay(roomId, this.transport, this.options, this.timers, this.totals),
        frames: new RateLimiter(this.options.maxFramesPerSecond, 1000),
        audio: new RateLimiter(this.options.maxAudioChunksPerSecond, 1000),
      };
      this.rooms.set(roomId, entry);
    }
    return entry;
  }
}
