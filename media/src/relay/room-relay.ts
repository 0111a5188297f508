import { boundedBatch, DeliveryLane, newestWins, type LaneStats, type Timers } from './delivery-lane.js';

/** One audio chunk as the relay forwards it. */
export interface AudioChunk {
  data: Uint8Array;
  /** Microseconds, from the host's encoder. */
  timestamp: number;
  duration?: number;
}

/** How the relay reaches a guest; the socket layer implements it. Sends throw when the guest is gone. */
export interface RelayTransport {
  sendFrame(guestId: string, frame: Uint8Array, done: () => void): void;
  sendAudio(guestId: string, chunks: AudioChunk[], done: () => void): void;
  /** True while the guest's connection still holds bytes not yet handed to the network. */
  isBacklogged(guestId: string): boolean;
}

export interface RoomRelayOptions {
  ackTimeoutMs: number;
  /** Bound of one guest's waiting audio, in chunks and in bytes (see boundedBatch). */
  audioBatchMaxChunks: number;
  audioBatchMaxBytes: number;
}

interface GuestLanes {
  video: DeliveryLane<Uint8Array, Uint8Array>;
  audio: DeliveryLane<AudioChunk, AudioChunk[]>;
}

export interface GuestRelayStats {
  video: LaneStats;
  audio: LaneStats;
}

/**
 * The relay of one room: a video lane and an audio lane per guest. Video and audio lanes are
 * separate so a guest busy with a large frame still gets its audio the moment the previous audio
 * batch is acked. The guest list comes with every item (the room's current members minus the
 * sender), so a guest that left simply stops getting lanes; no membership events are needed.
 */
export class RoomRelay {
  private guests = new Map<string, GuestLanes>();
  private closed = false;

  constructor(
    readonly roomId: string,
    private readonly transport: RelayTransport,
    private readonly options: RoomRelayOptions,
    private readonly timers?: Timers,
  ) {}

  /** Offers the frame to every guest; returns how many guests it was offered to. */
  publishFrame(frame: Uint8Array, guestIds: readonly string[]): number {
    if (this.closed) return 0;
    this.syncGuests(guestIds);
    for (const lanes of this.guests.values()) lanes.video.offer(frame);
    return this.guests.size;
  }

  publishAudio(chunk: AudioChunk, guestIds: readonly string[]): number {
    if (this.closed) return 0;
    this.syncGuests(guestIds);
    for (const lanes of this.guests.values()) lanes.audio.offer(chunk);
    return this.guests.size;
  }

  /** Forgets a guest at once (it left), dropping anything waiting for it. */
  removeGuest(guestId: string): void {
    const lanes = this.guests.get(guestId);
    if (!lanes) return;
    lanes.video.close();
    lanes.audio.close();
    this.guests.delete(guestId);
  }

  stats(guestId: string): GuestRelayStats | null {
    const lanes = this.guests.get(guestId);
    return lanes ? { video: { ...lanes.video.stats }, audio: { ...lanes.audio.stats } } : null;
  }

  get guestCount(): number {
    return this.guests.size;
  }

  /** Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const guestId of [...this.guests.keys()]) this.removeGuest(guestId);
  }

  private syncGuests(guestIds: readonly string[]): void {
    const present = new Set(guestIds);
    for (const guestId of this.guests.keys()) if (!present.has(guestId)) this.removeGuest(guestId);
    for (const guestId of present) if (!this.guests.has(guestId)) this.guests.set(guestId, this.lanesFor(guestId));
  }

  private lanesFor(guestId: string): GuestLanes {
    const { ackTimeoutMs, audioBatchMaxChunks, audioBatchMaxBytes } = this.options;
    const isBacklogged = () => this.transport.isBacklogged(guestId);
    return {
      video: new DeliveryLane<Uint8Array, Uint8Array>({
        send: (frame, done) => this.transport.sendFrame(guestId, frame, done),
        policy: newestWins(),
        ackTimeoutMs,
        timers: this.timers,
        isBacklogged,
      }),
      audio: new DeliveryLane<AudioChunk, AudioChunk[]>({
        send: (chunks, done) => this.transport.sendAudio(guestId, chunks, done),
        policy: boundedBatch(audioBatchMaxChunks, audioBatchMaxBytes, (chunk) => chunk.data.byteLength),
        ackTimeoutMs,
        timers: this.timers,
        isBacklogged,
      }),
    };
  }
}
