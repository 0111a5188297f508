import type { RelayRendition } from '@riffroom/protocol';

/**
 * Which rendition of the relay picture one guest gets (protocol relay.ts: `full` 1280x720, `small`
 * 640x360 at about a quarter of the bytes), judged from the guest's own video deliveries: bytes
 * over the milliseconds from send to the guest's ack. With one delivery in flight per guest
 * (delivery-lane.ts), a guest on full frames gets exactly one frame per delivery time, so a full
 * delivery's time is the frame rate that guest sees. Its throughput (bytes/ms) understates the
 * link, as every delivery also pays the round trip and the guest's decode and paint: conservative
 * for moving down, and the reason moving back up is also tried with real full frames (a probe,
 * below), since small deliveries pay the same round trip for a quarter of the bytes and would keep
 * a distant guest on small for good.
 */

/**
 * Below this many full frames a second the guest moves to small. The host aims at 10 fps
 * (relayHost.ts); under 4 a moving screen stutters and each picture is over 250 ms old when it is
 * painted, where small frames give the same link about four times the rate.
 */
export const SMALL_BELOW_FULL_FPS = 4;
/**
 * The guest moves back to full only where full frames would come at this rate or more: the gap to
 * SMALL_BELOW_FULL_FPS keeps a link that sits near one threshold from flapping between the two.
 */
export const FULL_FROM_FULL_FPS = 6;
/** Full deliveries judged for moving down: the median of the last few, so one slow frame (a GC pause) moves nothing. */
const FULL_WINDOW = 5;
/** Fewer full deliveries than this say too little to move a guest down. */
const MIN_FULL_DELIVERIES = 3;
/** Small deliveries judged for moving up, all since the guest moved down: a sustained rate, not a burst. */
const SMALL_WINDOW = 5;
/** No move back to full sooner than this after the last change, so a guest does not flap. */
export const RENDITION_DWELL_MS = 10_000;
/** Full deliveries in a row at FULL_FROM_FULL_FPS that take a small guest back to full. */
const FULL_IN_A_ROW = 3;
/**
 * A small guest is offered full frames again this long after it moved down (a probe). A failed
 * probe (one full delivery too slow) costs the guest one slow picture, so each failure doubles the
 * wait, up to the second figure: a guest on a thin link then pays one slow picture every 80 s.
 */
const FIRST_PROBE_AFTER_MS = RENDITION_DWELL_MS;
const LONGEST_PROBE_AFTER_MS = 80_000;
/** A guest that falls back to small within this of moving up was moved up too early: the next probe waits longer. */
const SHORT_STAY_ON_FULL_MS = 30_000;

/** One finished video delivery to the guest. */
export interface VideoDelivery {
  rendition: RelayRendition;
  bytes: number;
  /** From send to the guest's ack; for a delivery that timed out, the time waited. */
  ms: number;
}

export class RenditionChoice {
  private current: RelayRendition = 'full';
  private changedAt: number;
  private movedUpAt: number | null = null;
  /** Throughputs (bytes/ms) of the last full deliveries since the guest moved to full. */
  private fullRates: number[] = [];
  /** Throughputs of the small deliveries since the guest moved to small. */
  private smallRates: number[] = [];
  /** While on small: full deliveries in a row fast enough for full (a probe's, or the fallback's). */
  private fullFastInARow = 0;
  private probing = false;
  private probeAfterMs = FIRST_PROBE_AFTER_MS;
  private nextProbeAt = Number.POSITIVE_INFINITY;

  constructor(now: number) {
    this.changedAt = now;
  }

  /** The rendition the guest is on. */
  get rendition(): RelayRendition {
    return this.current;
  }

  /** What the guest is offered: its rendition, or full frames while a probe tries whether it could take them again. */
  get wanted(): RelayRendition {
    return this.probing ? 'full' : this.current;
  }

  /**
   * One finished delivery; `fullFrameBytes` is the recent full frames' average size (null while
   * none was seen). Returns true when what the guest wants changed (the room's demand changes).
   */
  delivered(delivery: VideoDelivery, fullFrameBytes: number | null, now: number): boolean {
    const before = this.wanted;
    if (fullFrameBytes !== null && fullFrameBytes > 0) this.judge(delivery, fullFrameBytes, now);
    return this.wanted !== before;
  }

  private judge({ rendition, bytes, ms }: VideoDelivery, fullFrameBytes: number, now: number): void {
    const rate = bytes / Math.max(1, ms);
    /** Full frames a second at a throughput. */
    const fullFps = (throughput: number) => (throughput * 1000) / fullFrameBytes;
    if (this.current === 'full') {
      // A small frame a full guest got (the host sent no full ones lately) says nothing of full frames.
      if (rendition !== 'full') return;
      pushWithin(this.fullRates, rate, FULL_WINDOW);
      if (this.fullRates.length >= MIN_FULL_DELIVERIES && fullFps(median(this.fullRates)) < SMALL_BELOW_FULL_FPS) {
        this.moveTo('small', now);
      }
      return;
    }
    const dwelt = now - this.changedAt >= RENDITION_DWELL_MS;
    if (rendition === 'full') {
      if (fullFps(rate) >= FULL_FROM_FULL_FPS) {
        this.fullFastInARow += 1;
        if (this.fullFastInARow >= FULL_IN_A_ROW && dwelt) this.moveTo('full', now);
      } else {
        this.fullFastInARow = 0;
        if (this.probing) this.probeFailed(now);
      }
      return;
    }
    pushWithin(this.smallRates, rate, SMALL_WINDOW);
    if (this.smallRates.length >= SMALL_WINDOW && fullFps(median(this.smallRates)) >= FULL_FROM_FULL_FPS && dwelt) {
      this.moveTo('full', now);
    } else if (!this.probing && now >= this.nextProbeAt) {
      this.probing = true;
      this.fullFastInARow = 0;
    }
  }

  private probeFailed(now: number): void {
    this.probing = false;
    this.probeAfterMs = Math.min(2 * this.probeAfterMs, LONGEST_PROBE_AFTER_MS);
    this.nextProbeAt = now + this.probeAfterMs;
  }

  private moveTo(rendition: RelayRendition, now: number): void {
    if (rendition === 'small') {
      const shortStay = this.movedUpAt !== null && now - this.movedUpAt < SHORT_STAY_ON_FULL_MS;
      this.probeAfterMs = shortStay ? Math.min(2 * this.probeAfterMs, LONGEST_PROBE_AFTER_MS) : FIRST_PROBE_AFTER_MS;
      this.nextProbeAt = now + Math.max(this.probeAfterMs, RENDITION_DWELL_MS);
    } else {
      this.movedUpAt = now;
      this.nextProbeAt = Number.POSITIVE_INFINITY;
    }
    this.current = rendition;
    this.changedAt = now;
    this.fullRates = [];
    this.smallRates = [];
    this.fullFastInARow = 0;
    this.probing = false;
  }
}

function pushWithin(values: number[], value: number, limit: number): void {
  values.push(value);
  if (values.length > limit) values.shift();
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
