/**
 * A viewer's bandwidth estimates (the transport's 'bwe' trace) over the last `spanMs`: what the
 * video plan and the audio gates (estimate-gate.ts) judge a link by. GoogCC's estimate on a shaped
 * link swings by 2x and more within seconds, so they read the span's lowest value or a low
 * percentile, never the latest one.
 */
export class EstimateWindow {
  private samples: { at: number; value: number }[] = [];

  constructor(private readonly spanMs: number) {}

  add(bitrate: number, now: number): void {
    this.samples = this.samples.filter((sample) => now - sample.at < this.spanMs);
    this.samples.push({ at: now, value: bitrate });
  }

  get empty(): boolean {
    return this.samples.length === 0;
  }

  lowest(): number {
    return Math.min(...this.samples.map((sample) => sample.value));
  }

  /** The span's `share` percentile (0.2: a fifth of the estimates are lower), 0 when empty. */
  percentile(share: number): number {
    const sorted = this.samples.map((sample) => sample.value).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) * share)] ?? 0;
  }
}
