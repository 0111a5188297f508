/**
 * One guest's delivery lane for one kind of item (video frames, or audio chunks). At most one
 * delivery is in flight; items offered meanwhile are folded into a single pending payload by the
 * lane's policy (newest frame wins; audio chunks batch up to a bound). A delivery ends with the
 * guest's ack, a transport failure, or the ack timeout (unless the connection is still writing
 * it out), whichever comes first; then the pending payload, if any, goes out. So a slow guest is offered fewer, fresher items, never a backlog, and
 * lanes never wait on each other.
 */

/** The timers a lane uses; tests pass a fake clock. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** How items offered while a delivery is in flight are folded into the next payload. */
export interface LanePolicy<Item, Payload> {
  /** `pending` is null when nothing waits; returns the new pending payload and how many items it discarded. */
  fold(pending: Payload | null, item: Item): { pending: Payload; dropped: number };
}

/**
 * Hands `payload` to the guest and calls `done` when the guest acked it. Throwing means the guest
 * cannot be reached (its socket is gone); the lane then moves on.
 */
export type Send<Payload> = (payload: Payload, done: () => void) => void;

export interface LaneStats {
  /** Deliveries the guest acked. */
  acked: number;
  /** Items discarded before they were sent, because newer ones replaced them or the bound was hit. */
  dropped: number;
  /** Deliveries given up after the ack timeout. */
  timedOut: number;
  /** Deliveries the transport could not hand over. */
  failed: number;
}

export interface LaneOptions<Item, Payload> {
  send: Send<Payload>;
  policy: LanePolicy<Item, Payload>;
  ackTimeoutMs: number;
  timers?: Timers;
  /**
   * True while the guest's connection still holds unsent bytes on this side. Then a missing ack
   * means a slow link, not a lost guest: the lane keeps waiting rather than adding another item
   * behind the one still being written, so nothing ever queues up in the server. A dead
   * connection stays backlogged until the transport notices and the guest is removed.
   */
  isBacklogged?: () => boolean;
  /** Also counted here: the relay's running totals across every lane it ever had (for /metrics). */
  totals?: LaneStats;
  /**
   * Told of every delivery that ended, with the milliseconds from send to its end (for one that
   * timed out, the time waited): how fast this guest takes items (rendition-choice.ts).
   */
  onSettled?: (payload: Payload, outcome: DeliveryOutcome, elapsedMs: number) => void;
  /** The clock `elapsedMs` is read from; tests pass a fake one. */
  now?: () => number;
}

export type DeliveryOutcome = 'acked' | 'timedOut' | 'failed';

export const emptyLaneStats = (): LaneStats => ({ acked: 0, dropped: 0, timedOut: 0, failed: 0 });

export class DeliveryLane<Item, Payload> {
  private pending: Payload | null = null;
  private inFlight = false;
  private closed = false;
  private ackTimer: unknown = null;
  readonly stats: LaneStats = { acked: 0, dropped: 0, timedOut: 0, failed: 0 };

  private readonly send: Send<Payload>;
  private readonly policy: LanePolicy<Item, Payload>;
  private readonly ackTimeoutMs: number;
  private readonly timers: Timers;
  private readonly isBacklogged: () => boolean;
  private readonly totals: LaneStats | undefined;
  private readonly onSettled: LaneOptions<Item, Payload>['onSettled'];
  private readonly now: () => number;

  constructor(options: LaneOptions<Item, Payload>) {
    this.send = options.send;
    this.policy = options.policy;
    this.ackTimeoutMs = options.ackTimeoutMs;
    this.timers = options.timers ?? realTimers;
    this.isBacklogged = options.isBacklogged ?? (() => false);
    this.totals = options.totals;
    this.onSettled = options.onSettled;
    this.now = options.now ?? Date.now;
  }

  /** A delivery is still unacked and a newer item already waits behind it: the guest is behind. */
  get behind(): boolean {
    return this.inFlight && this.pending !== null;
  }

  private count(outcome: keyof LaneStats, by = 1): void {
    this.stats[outcome] += by;
    if (this.totals) this.totals[outcome] += by;
  }

  /** True while a delivery awaits the guest's ack. */
  get busy(): boolean {
    return this.inFlight;
  }

  offer(item: Item): void {
    if (this.closed) return;
    const folded = this.policy.fold(this.pending, item);
    this.pending = folded.pending;
    this.count('dropped', folded.dropped);
    if (!this.inFlight) this.deliverPending();
  }

  /**
   * Drops what waits without closing the lane: the item in flight still gets its ack, later offers
   * go out as usual. Counted as dropped.
   */
  discardPending(): void {
    if (this.pending !== null) this.count('dropped');
    this.pending = null;
  }

  /** Drops what waits and ignores any late ack; idempotent. */
  close(): void {
    this.closed = true;
    this.pending = null;
    if (this.ackTimer !== null) this.timers.clearTimeout(this.ackTimer);
    this.ackTimer = null;
  }

  private deliverPending(): void {
    const payload = this.pending;
    if (payload === null || this.closed) return;
    this.pending = null;
    this.inFlight = true;
    const sentAt = this.now();
    let settled = false;
    const settle = (outcome: DeliveryOutcome) => {
      if (settled) return; // A late ack after the timeout, or an ack called twice.
      settled = true;
      if (this.ackTimer !== null) this.timers.clearTimeout(this.ackTimer);
      this.ackTimer = null;
      this.count(outcome);
      this.inFlight = false;
      if (!this.closed) this.onSettled?.(payload, outcome, this.now() - sentAt);
      this.deliverPending();
    };
    const onTimeout = () => {
      if (this.isBacklogged()) this.ackTimer = this.timers.setTimeout(onTimeout, this.ackTimeoutMs);
      else settle('timedOut');
    };
    this.ackTimer = this.timers.setTimeout(onTimeout, this.ackTimeoutMs);
    try {
      this.send(payload, () => settle('acked'));
    } catch {
      settle('failed');
    }
  }
}

/** Video: only the newest frame is worth painting, so a waiting frame is replaced, never queued. */
export function newestWins<Item>(): LanePolicy<Item, Item> {
  return { fold: (pending, item) => ({ pending: item, dropped: pending === null ? 0 : 1 }) };
}

/**
 * Audio: every chunk is a distinct slice of time, and a missing one is an audible gap, so chunks
 * that arrive during a delivery wait and go out together in the next one. The batch is bounded by
 * count and bytes; past the bound the oldest chunks go, which keeps a persistently slow guest's
 * audio at most that far behind instead of letting its delay grow.
 */
export function boundedBatch<Item>(
  maxItems: number,
  maxBytes: number,
  sizeOf: (item: Item) => number,
): LanePolicy<Item, Item[]> {
  return {
    fold(pending, item) {
      const batch = pending ?? [];
      batch.push(item);
      let bytes = batch.reduce((sum, queued) => sum + sizeOf(queued), 0);
      let dropped = 0;
      while (batch.length > 1 && (batch.length > maxItems || bytes > maxBytes)) {
        bytes -= sizeOf(batch.shift()!);
        dropped += 1;
      }
      return { pending: batch, dropped };
    },
  };
}
