import type { RelayDemand, RelayRendition } from '@riffroom/protocol';
import { boundedBatch, DeliveryLane, newestWins, type LaneStats, type Timers } from './delivery-lane.js';
import { RenditionChoice } from './rendition-choice.js';
import { RenditionFreshness } from './rendition-freshness.js';

/** Running totals of every lane of every room, by kind (metrics). */
export interface RelayTotals {
  video: LaneStats;
  audio: LaneStats;
}

/** One JPEG frame as the relay forwards it, and which rendition of the picture it is. */
export interface RelayFrame {
  frame: Uint8Array;
  rendition: RelayRendition;
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

/** What a room's relay shares with the node's other rooms, and how it tells the node of a change. */
export interface RoomRelayContext {
  timers?: Timers;
  totals?: RelayTotals;
  /** The clock deliveries are timed by; tests pass a fake one. */
  now?: () => number;
  /** A guest's rendition changed, and so the room's demand: the host must hear it. */
  demandChanged?: () => void;
}

interface GuestLanes {
  video: DeliveryLane<RelayFrame, RelayFrame>;
  audio: DeliveryLane<AudioChunk, AudioChunk[]>;
  rendition: RenditionChoice;
}

/**
 * The running average of the full frames' size weighs the latest frame this much: the host keeps
 * them within a band (relayQuality.ts) but a screen that changes moves the band's spot in a few frames.
 */
const FULL_FRAME_SIZE_WEIGHT = 0.2;

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
  private readonly freshness = new RenditionFreshness();
  /** The recent full frames' average size, which small guests' deliveries are judged against. */
  private fullFrameBytes: number | null = null;
  /** The small guests the room's demand last counted. */
  private smallCounted = 0;
  private readonly now: () => number;

  constructor(
    readonly roomId: string,
    private readonly transport: RelayTransport,
    private readonly options: RoomRelayOptions,
    private readonly context: RoomRelayContext = {},
  ) {
    this.now = context.now ?? Date.now;
  }

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

  /**
   * Guests that asked for relay frames, and how many of them want the small rendition: the host
   * encodes each rendition only while some guest wants it.
   */
  get demand(): RelayDemand {
    return { guests: this.subscribers.size, small: this.smallGuests() };
  }

  /** Guests offered the small rendition now (a guest with no lane yet starts on full). */
  smallGuests(): number {
    let small = 0;
    for (const lanes of this.guests.values()) if (lanes.rendition.wanted === 'small') small += 1;
    return small;
  }

  /** Starts or stops relaying to a guest; returns whether the demand changed. */
  subscribe(guestId: string, on: boolean): boolean {
    if (this.closed) return false;
    if (on === this.subscribers.has(guestId)) return false;
    if (on) this.subscribers.add(guestId);
    else this.removeGuest(guestId);
    return true;
  }

  /**
   * Offers the frame to every present subscriber that wants its rendition, or that wants the other
   * one while the host does not send it (rendition-freshness.ts); returns how many it was offered to.
   */
  publishFrame(frame: RelayFrame, presentIds: readonly string[]): number {
    if (this.closed) return 0;
    const now = this.now();
    this.syncLanes(presentIds);
    this.freshness.published(frame.rendition, now);
    if (frame.rendition === 'full') {
      const size = frame.frame.byteLength;
      this.fullFrameBytes =
        this.fullFrameBytes === null
          ? size
          : this.fullFrameBytes + FULL_FRAME_SIZE_WEIGHT * (size - this.fullFrameBytes);
    }
    let offered = 0;
    for (const lanes of this.guests.values()) {
      if (!this.freshness.offers(lanes.rendition.wanted, frame.rendition, now)) continue;
      lanes.video.offer(frame);
      offered += 1;
    }
    return offered;
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
    // The caller tells the room when the guest was a subscriber.
    this.smallCounted = this.smallGuests();
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

  /** The rendition a present subscriber is on, null for anyone else. */
  renditionOf(guestId: string): RelayRendition | null {
    return this.guests.get(guestId)?.rendition.rendition ?? null;
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
    // A small guest whose socket left still counts as a subscriber until its leave is reported.
    this.tellIfDemandChanged();
  }

  private tellIfDemandChanged(): void {
    const small = this.smallGuests();
    if (small === this.smallCounted) return;
    this.smallCounted = small;
    this.context.demandChanged?.();
  }

  private lanesFor(guestId: string): GuestLanes {
    const { ackTimeoutMs, audioBatchMaxChunks, audioBatchMaxBytes } = this.options;
    const { timers, totals } = this.context;
    const isBacklogged = () => this.transport.isBacklogged(guestId);
    const rendition = new RenditionChoice(this.now());
    return {
      video: new DeliveryLane<RelayFrame, RelayFrame>({
        send: ({ frame }, done) => this.transport.sendFrame(guestId, frame, done),
        policy: newestWins(),
        ackTimeoutMs,
        timers,
        now: this.now,
        isBacklogged,
        totals: totals?.video,
        // A timed-out delivery counts as a very slow one; a failed one says nothing of the link.
        onSettled: ({ frame, rendition: sent }, outcome, ms) => {
          if (outcome === 'failed') return;
          const delivery = { rendition: sent, bytes: frame.byteLength, ms };
          if (rendition.delivered(delivery, this.fullFrameBytes, this.now())) this.tellIfDemandChanged();
        },
      }),
      audio: new DeliveryLane<AudioChunk, AudioChunk[]>({
        send: (chunks, done) => this.transport.sendAudio(guestId, chunks, done),
        policy: boundedBatch(audioBatchMaxChunks, audioBatchMaxBytes, (chunk) => chunk.data.byteLength),
        ackTimeoutMs,
        timers,
        isBacklogged,
        totals: totals?.audio,
      }),
      rendition,
    };
  }
}
