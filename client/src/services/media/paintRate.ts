/**
 * Pictures painted a second, counted over the last `spanMs`: the relay picture's frame rate in the
 * room's stats. A guest on a thin link gets a picture every second or two (the media node sends it
 * the small rendition, media/src/relay/rendition-choice.ts): counted over one second, its rate
 * would read 0 and 1 by turns.
 */
export class PaintRate {
  private paintedAt: number[] = [];

  constructor(private readonly spanMs = 5000) {}

  painted(now: number): void {
    this.forgetBefore(now);
    this.paintedAt.push(now);
  }

  /** To a tenth of a picture a second; null when nothing was painted within the span. */
  fps(now: number): number | null {
    this.forgetBefore(now);
    if (this.paintedAt.length === 0) return null;
    return Math.round((this.paintedAt.length * 10_000) / this.spanMs) / 10;
  }

  private forgetBefore(now: number): void {
    this.paintedAt = this.paintedAt.filter((at) => now - at < this.spanMs);
  }
}
