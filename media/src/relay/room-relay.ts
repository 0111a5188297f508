import { boundedBatch, DeliveryLane, newestWins, type LaneStats, type Timers } from './delivery-lane.js';

/** Running totals of every lane of every room, by kind (metrics). */
export interface RelayTotals {
  video: LaneStats;
  audio: LaneStats;
}

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
 * The relay of one room: a video lane and an audio lane per subscribed guest. Only guests on the
 * relay tier subscribe; the others watch through the SFU or peer-to-peer and must not download
 * frames they would throw away. Video and audio lanes are separate so a guest busy with a large
 * frame still gets its audio the moment the previous audio batch is acked. The room's present
 * members come with every item, so a subscriber whose socket left gets nothing even before its
 * leave is reported.
 */
export class RoomRelay {
  private guests = new Map<string, GuestLanes>();
  private subscribers = new Set<string>();
  private closed = false;

  constructor(
    readonly roomId: string,
    private readonly transport: RelayTransport,
    private readonly options: RoomRelayOptions,
    private readonly timers?: Timers,
    private readonly totals?: RelayTotals,
  ) {}

  isSubscriber(guestId: string): boolean {
    return this.subscribers.has(guestId);
  }

  /** Lanes whose guest is behind (a delivery unacked, a newer item waiting), by kind. */
  lanesBehind(): { video: number; audio: number } {
    let video = 0;
    let audio = 0;
    for (const lanes of this.guests.values()) {
      if (lanes.video.behind) video += 1;
      if (lanes.audio.behind) audio += 1;
    }
    return { video, audio };
  }

  /** Guests that asked for relay frames: the host encodes frames only while this is above zero. */
  get demand(): number {
    return this.subscribers.size;
  }

  /** Starts or stops relaying to a guest; returns whether the demand changed. */
  subscribe(guestId: string, on: boolean): boolean {
    if (this.closed) return false;
    if (on === this.subscribers.has(guestId)) return false;
    if (on) this.subscribers.add(guestId);
    else this.removeGuest(guestId);
    return true;
  }

  /** Offers the frame to every present subscriber; returns how many it was offered to. */
  publishFrame(frame: Uint8Array, presentIds: readonly string[]): number {
    if (this.closed) return 0;
    this.syncLanes(presentIds);
    for (const lanes of this.guests.values()) lanes.video.offer(frame);
    return this.guests.size;
  }

  publishAudio(chunk: AudioChunk, presentIds: readonly string[]): number {
    if (this.closed) return 0;
    this.syncLanes(presentIds);
    for (const lanes of this.guests.values()) lanes.audio.offer(chunk);
    return this.guests.size;
  }

  /** Forgets a guest at once (it left or unsubscribed), dropping anything waiting for it; returns whether the demand changed. */
  removeGuest(guestId: string): boolean {
    const lanes = this.guests.get(guestId);
    if (lanes) {
      lanes.video.close();
      lanes.audio.close();
      this.guests.delete(guestId);
    }
    return this.subscribers.delete(guestId);
  }

  /**
   * The host stopped sharing: a frame or audio still waiting for a guest's lane would reach the
   * guest after its screen went back to waiting, so it is dropped. Subscriptions stay.
   */
  dropQueued(): void {
    for (const lanes of this.guests.values()) {
      lanes.video.discardPending();
      lanes.audio.discardPending();
    }
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
    this.subscribers.clear();
  }

  /** Lanes exactly for the subscribers among the present sockets. */
  private syncLanes(presentIds: readonly string[]): void {
    const recipients = new Set(presentIds.filter((id) => this.subscribers.has(id)));
    for (const [guestId, lanes] of this.guests) {
      if (recipients.has(guestId)) continue;
      lanes.video.close();
      lanes.audio.close();
      this.guests.delete(guestId);
    }
    for (const guestId of recipients) if (!this.guests.has(guestId)) this.guests.set(guestId, this.lanesFor(guestId));
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
        totals: this.totals?.video,
      }),
      audio: new DeliveryLane<AudioChunk, AudioChunk[]>({
        send: (chunks, done) => this.transport.sendAudio(guestId, chunks, done),
        policy: boundedBatch(audioBatchMaxChunks, audioBatchMaxBytes, (chunk) => chunk.data.byteLength),
        ackTimeoutMs,
        timers: this.timers,
        isBacklogged,
        totals: this.totals?.audio,
      }),
    };
  }
}
