import { EstimateGate } from './estimate-gate.js';
import { EstimateWindow } from './estimate-window.js';

/** The estimates this judges from: the last STEADY_SPAN_MS. */
const STEADY_SPAN_MS = 20_000;
/**
 * No judgement before the viewer's estimates have run this long. A viewer starts on the smallest
 * picture and its plans ignore the transport's initial guess (initial-estimate.ts), so its link is
 * calm from the start and GoogCC's first probes have measured it within a second. Its first 10 s:
 * a 300 kbit/s link with 5% loss read 263 down to 40 kbit/s, its studio audio scoring 5; a
 * 500 kbit/s link 428 to 912 kbit/s, scoring 10. Before that calm start a 500 kbit/s link's first
 * 10 s overflowed (a 640x360 keyframe sent on a 1.5 Mbit/s guess) and read medians of 99 and
 * 129 kbit/s, so the first judgement waited 30 s, and a 300 kbit/s viewer saw no picture until then.
 */
const STARTUP_GRACE_MS = 10_000;
/**
 * A link goes to the thin stream when the median estimate falls below the studio stream's cap plus
 * this share of it: the studio stream's own packets (RTP, UDP and IP headers, 50 a second) take
 * about 10% more than its bitrate, so below that the link cannot carry the audio even alone.
 * Measured medians with the studio stream (256 kbit/s cap): 70 to 260 kbit/s on the 300 kbit/s link
 * with 5% loss, 312 kbit/s and up on the 500 kbit/s one.
 */
const THIN_BELOW_SHARE = 1.1;
/**
 * Back to the studio stream only once a low percentile of the estimates reaches twice the studio
 * stream's reserve (cap plus margin). While thin, no estimate can show the reserve fits: libwebrtc
 * holds its delay-based estimate to 1.5 times what the link carried lately, plus 10 kbit/s
 * (AimdRateControl::ClampBitrate). In a CI run a 300 kbit/s link carrying the thin stream, the
 * lowest video layer and probes read 355 kbit/s at that percentile, above the 320 kbit/s a
 * 256 kbit/s stream's reserve asks: it went back to the studio stream, overflowed, and its picture
 * fell to 0.2 fps. Twice the reserve (640 kbit/s) only a link that carried 420 kbit/s can show; a
 * link whose trouble has passed (Wi-Fi back near the router) soon does.
 */
const STUDIO_RETURN_SHARE = 2;
const STUDIO_PERCENTILE = 0.2;
const THIN_PERCENTILE = 0.5;
/**
 * And a link goes thin only while the studio stream itself suffers there: the median of the audio
 * consumer's score at or below this. mediasoup scores a stream round(10 x delivered^4) from the
 * loss the viewer reports (RtpStreamSend.cpp), resent packets counted as delivered: 8 is about 4%
 * lost or more, 2% random loss alone scores 9. A viewer whose Chromium is starved of CPU delays its
 * feedback, and GoogCC reads the delay as a full link: on a 500 kbit/s link its estimates' median
 * fell below 282 kbit/s in one bench run of three, yet it lost 0.36% of its packets (a score of 10),
 * and the thin stream did nothing for it.
 */
const THIN_SCORE_MAX = 8;
/** Each change renews the viewer's audio consumer: no more often than this. */
const MIN_DWELL_MS = 30_000;

/** The program audio's two streams on the SFU tier (program-audio-renditions.ts). */
export type ProgramAudioRendition = 'studio' | 'thin';

/** A change of stream, and what it was judged on (bit/s): for the box's log. */
export interface AudioRenditionChange {
  rendition: ProgramAudioRendition;
  estimate: number;
  needed: number;
  /** The median score of the viewer's audio over the span (0 to 10; null before any). */
  audioScore: number | null;
}

/**
 * Which of the program audio's streams a viewer's link carries (issue 21: the 300 kbit/s viewer
 * gets a moving picture). The studio stream is 256 kbit/s by default; on a 300 kbit/s link it
 * leaves no room for even the smallest video layer, and the link's queue drops audio and video
 * alike (22% of video packets lost, 2 fps, 7.6% of the audio concealed). The SFU cannot re-encode,
 * so the host sends a second, 64 kbit/s stream (program-audio-renditions.ts), and a viewer whose
 * estimates show the studio stream does not fit gets that one instead. Every viewer starts on the
 * studio stream.
 */
export class AudioRenditionGate {
  private readonly gate = new EstimateGate<ProgramAudioRendition>(
    { spanMs: STEADY_SPAN_MS, graceMs: STARTUP_GRACE_MS, dwellMs: MIN_DWELL_MS },
    'studio',
  );
  private readonly scores = new EstimateWindow(STEADY_SPAN_MS);

  /** A bandwidth estimate of the viewer's link (the transport's 'bwe' trace), bit/s. */
  estimate(bitrate: number, now: number): void {
    this.gate.estimate(bitrate, now);
  }

  /** The audio consumer's score (0 to 10) when an estimate came: how the studio stream fares. */
  audioScore(score: number, now: number): void {
    this.scores.add(score, now);
  }

  get rendition(): ProgramAudioRendition {
    return this.gate.state;
  }

  /**
   * Given the studio stream's cap and its reserve (bit/s, margin included), which stream the viewer
   * should get from now: a changed answer is returned, an unchanged one is null.
   */
  decide(studioCap: number, studioReserve: number, now: number): AudioRenditionChange | null {
    if (!this.gate.judging(now)) return null;
    const thin = this.gate.state === 'thin';
    const judged = this.gate.percentile(thin ? STUDIO_PERCENTILE : THIN_PERCENTILE);
    const needed = thin ? studioReserve * STUDIO_RETURN_SHARE : studioCap * THIN_BELOW_SHARE;
    const wanted: ProgramAudioRendition = thin
      ? judged >= needed
        ? 'studio'
        : 'thin'
      : judged < needed && this.studioSuffers()
        ? 'thin'
        : 'studio';
    if (!this.gate.settle(wanted, now)) return null;
    return { rendition: wanted, estimate: judged, needed, audioScore: this.medianScore() };
  }

  private medianScore(): number | null {
    return this.scores.empty ? null : this.scores.percentile(0.5);
  }

  private studioSuffers(): boolean {
    const score = this.medianScore();
    return score !== null && score <= THIN_SCORE_MAX;
  }
}
