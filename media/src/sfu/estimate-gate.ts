import { EstimateWindow } from './estimate-window.js';

/** How a gate reads a link's estimates before it may change its mind. */
export interface EstimateGateTiming {
  /** The estimates judged: the last `spanMs`. */
  spanMs: number;
  /** No judgement before estimates have come for this long. */
  graceMs: number;
  /** Each change renews the viewer's audio consumer: no more often than this. */
  dwellMs: number;
}

/**
 * The common part of the per-viewer audio gates (audio-rendition.ts, audio-resends.ts): a window of
 * the link's bandwidth estimates, a grace before the first judgement and a dwell between changes.
 * Each gate adds its own rule, which reads one percentile of the window to change and another to
 * stay: GoogCC's estimate on a shaped link swings by 2x and more, and a gate that read one figure
 * both ways would flap.
 */
export class EstimateGate<State> {
  private readonly estimates: EstimateWindow;
  private firstAt = Number.POSITIVE_INFINITY;
  private changedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly timing: EstimateGateTiming,
    private current: State,
  ) {
    this.estimates = new EstimateWindow(timing.spanMs);
  }

  /** A bandwidth estimate of the viewer's link (the transport's 'bwe' trace), bit/s. */
  estimate(bitrate: number, now: number): void {
    this.firstAt = Math.min(this.firstAt, now);
    this.estimates.add(bitrate, now);
  }

  get state(): State {
    return this.current;
  }

  /** Whether a judgement may be made now: past the grace, and a dwell after the last change. */
  judging(now: number): boolean {
    return now - this.firstAt >= this.timing.graceMs && now - this.changedAt >= this.timing.dwellMs;
  }

  /** The window's `share` percentile (bit/s). */
  percentile(share: number): number {
    return this.estimates.percentile(share);
  }

  /** Takes the judged state: true when it is a change (which starts the dwell). */
  settle(wanted: State, now: number): boolean {
    if (wanted === this.current) return false;
    this.current = wanted;
    this.changedAt = now;
    return true;
  }
}
