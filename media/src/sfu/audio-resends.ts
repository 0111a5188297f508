import { EstimateGate } from './estimate-gate.js';

/** The estimates this judges from: the last STEADY_SPAN_MS, and only once that span is full. */
const STEADY_SPAN_MS = 10_000;
/**
 * Turning resends on needs a low percentile of the span's estimates to show the room; keeping them
 * needs only the median. GoogCC's estimate on a shaped link swings by 2x and more (measured on
 * 500 kbit/s: 81 to 1 500 kbit/s, median 413), and each change renews the consumer. On 300 kbit/s
 * with 5% loss the median reached what turning on needs in one bench run of four, and the resends
 * overflowed the link (28% of the audio concealed); the 20th percentile never did.
 */
const ON_PERCENTILE = 0.2;
const STAY_PERCENTILE = 0.5;
/**
 * Room wanted beyond the audio's reserve (its bitrate plus margin), as a share of the audio's
 * bitrate: resends at 5% loss cost 5% more, and the lowest video layer must still fit beside them.
 */
const ROOM_FOR_RESENDS = 0.3;
/**
 * Resends go off again only once the median estimate falls this far below what turned them on:
 * under load a 500 kbit/s link's median sat at 312 kbit/s, 79% of the 397 a 256 kbit/s cap needs,
 * and went off at 0.8; a 300 kbit/s link's sits at 70 to 260.
 */
const OFF_SHARE = 0.7;
/** Each change renews the viewer's audio consumer: no more often than this. */
const MIN_DWELL_MS = 30_000;

/** A change of mind, and what it was judged on (bit/s): for the box's log. */
export interface AudioResendChange {
  resends: boolean;
  estimate: number;
  needed: number;
}

/**
 * Whether a viewer's link has room to resend lost program audio (issue 21, "program audio plays
 * without gaps for every viewer with >= 500 kbit/s").
 *
 * Studio Opus is CELT-only, where its in-band FEC does nothing, and mediasoup has no audio RED: on a
 * link with random loss (Wi-Fi, a phone) the only way to fill a lost audio packet is to resend it
 * (NACK). Measured on shaped links, resends end 2% of concealed audio on 1 Mbit/s with 2% loss and on
 * 500 kbit/s; but on 300 kbit/s with 5% loss, where the studio's 256 kbit/s already fills the link,
 * the resends overflow its queue, the overflow is lost and asked for again, and 46% of the audio
 * was concealed instead of 6%. So resends are for links with room to spare beyond the audio: a
 * viewer's audio starts without them, and gets them once its estimates show that room.
 */
export class AudioResendGate {
  // Judged only once a whole span of estimates has come.
  private readonly gate = new EstimateGate(
    { spanMs: STEADY_SPAN_MS, graceMs: STEADY_SPAN_MS, dwellMs: MIN_DWELL_MS },
    false,
  );

  /** A bandwidth estimate of the viewer's link (the transport's 'bwe' trace), bit/s. */
  estimate(bitrate: number, now: number): void {
    this.gate.estimate(bitrate, now);
  }

  /** Whether the viewer's program audio should carry resends now. */
  get wanted(): boolean {
    return this.gate.state;
  }

  /**
   * Given the audio's bitrate and its reserve (bit/s, margin included; audio-reserve.ts passes the
   * host's cap, not this second's rate), whether resends should be on from now: a changed answer is
   * returned, an unchanged one is null.
   */
  decide(audioBitrate: number, audioReserve: number, now: number): AudioResendChange | null {
    if (!this.gate.judging(now)) return null;
    const on = this.gate.state;
    const needed = audioReserve + audioBitrate * ROOM_FOR_RESENDS;
    const judged = this.gate.percentile(on ? STAY_PERCENTILE : ON_PERCENTILE);
    const wanted = on ? judged >= needed * OFF_SHARE : judged >= needed;
    if (!this.gate.settle(wanted, now)) return null;
    return { resends: wanted, estimate: judged, needed };
  }
}
