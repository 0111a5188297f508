import { EstimateWindow } from './estimate-window.js';
import { above, highestFitting, type Layers } from './layer-ceiling.js';

/**
 * The share of the estimate the viewer's media may fill. GoogCC's estimate sits at the link's
 * capacity, where a shaped link's queue is already full: filling all of it makes the queue drop
 * audio packets whenever a video frame bursts. Kept this much below, the queue drains between frames.
 */
const USABLE_SHARE_OF_ESTIMATE = 0.85;
/**
 * The estimates the plan works from, over the last STEADY_SPAN_MS. A climb needs every one of them to
 * allow it: on a shaped link GoogCC's estimate swings (measured on a 500 kbit/s link: 210 to
 * 1 045 kbit/s within seconds), and a ceiling that follows a peak sends more than the link carries
 * until the next fall, so the link's queue drops audio (a low percentile let that through in one CI
 * run: 4% concealed). Staying on a layer needs only a low percentile of them. A single dip, on the
 * other hand (a busy receiver delays its feedback), must not hold the picture down for the whole
 * span: mediasoup already goes below the ceiling by itself while its estimate is low, and back up
 * to it when the estimate recovers. A larger picture waits longer (LARGER_PICTURE_SPAN_MS).
 */
const STEADY_SPAN_MS = 10_000;
const STEADY_PERCENTILE = 0.2;
/**
 * A climb to a larger picture needs every estimate of this longer span to allow it. GoogCC probes a
 * link that an application keeps under its estimate (ALR): on a 500 kbit/s link its probes read 800
 * to 1 500 kbit/s and held for over 10 s in 3 of 6 diagnosis runs, the viewer stepped from 320x180 to
 * 640x360, the link overflowed, the estimate fell to the floor and the picture froze for about 5 s
 * until a keyframe. A larger picture also costs the host a keyframe; a faster frame rate of the same
 * picture costs neither, and keeps the 10 s span.
 */
const LARGER_PICTURE_SPAN_MS = 20_000;
/**
 * A picture the host begins to send while the viewer watches (the share starts) is not climbed to
 * for this long. Its encoder ramps up from a low rate, so its
 * first readings understate what it will cost: as a share started, its 1280x720 stream read
 * 365 kbit/s at its first second and 1.1 Mbit/s four seconds later. A 1 Mbit/s viewer with 2% loss
 * climbed to it on that first reading (the top stream so small that its estimate even sat at
 * mediasoup's probing cap), overflowed its link and was back on 320x180 within 11 s. A picture sent
 * again (Chromium turned its encoding off and on, under load) ramps up the same way, but its cost
 * is known: it counts at that cost from its first reading, and waits for nothing (smooth()).
 */
const NEW_PICTURE_SETTLE_MS = 5_000;
/**
 * How much of each new reading of the host's layer bitrates enters the plan's table. Screen
 * content's per-second bitrates swing by 2x (a scroll, a keyframe); a ceiling that followed each
 * reading would flap between layers.
 */
const LAYER_BITRATE_SMOOTHING = 0.3;
/** A step up to a higher layer must fit the video budget with this much to spare. */
const UPGRADE_HEADROOM = 1.15;
/**
 * mediasoup lets GoogCC probe up to 1.35 times the bitrate its video consumers desire (the host's
 * top stream; TransportCongestionControlClient's MaxBitrateIncrementFactor), so on a link with room
 * to spare the estimate stops there. An estimate that steadily sits this close to that cap has not
 * found the link's limit: the share and headroom above, which keep a full link's queue draining,
 * would otherwise hold such a viewer below the top layer for ever.
 */
const UNLIMITED_ESTIMATE_OF_TOP = 0.9 * 1.35;
/**
 * Audio loss that follows a step up within this long is the step's doing: the step is undone at
 * once. Loss at other times is the link's own (random loss on Wi-Fi), which fewer video layers
 * would not cure.
 */
const CLIMB_BLAME_MS = 10_000;
/** After a step up was undone for audio loss, no layer is climbed for this long. */
const AUDIO_LOSS_HOLD_MS = 30_000;
/** A perfect audio consumer score (mediasoup's 0..10, from the viewer's receiver reports). */
const CLEAN_AUDIO_SCORE = 10;

/** The table with the pictures larger than `current` that `isNew` names left out (0: not offered). */
const withoutNewPictures = (table: number[][], current: Layers | null, isNew: (spatial: number) => boolean) =>
  table.map((row, spatial) => (spatial > (current?.spatialLayer ?? 0) && isNew(spatial) ? row.map(() => 0) : row));

/** The table with each picture larger than `current` left out (0: not offered) where it exceeds `budget`. */
const withoutLargerPictures = (table: number[][], current: Layers, budget: number) =>
  table.map((row, spatial) =>
    spatial > current.spatialLayer ? row.map((bitrate) => (bitrate > budget ? 0 : bitrate)) : row,
  );

interface Sample {
  at: number;
  value: number;
}

interface Climb {
  at: number;
  from: Layers;
  /** The lowest audio score of the span before the climb: loss the link had anyway. */
  audioBaseline: number;
}

/**
 * One viewer's video plan (issue 21, "program audio is never starved by video"): from the viewer's
 * bandwidth estimates and its program audio's scores, the highest layers each of its layered video
 * consumers may take. Pure bookkeeping, so the rules can be tested without a worker; audio-reserve.ts
 * feeds it mediasoup's events and applies what it says.
 */
export class ViewerVideoPlan {
  private readonly estimates = new EstimateWindow(STEADY_SPAN_MS);
  private readonly longerEstimates = new EstimateWindow(LARGER_PICTURE_SPAN_MS);
  private audioScores: Sample[] = [];
  private audioScore = CLEAN_AUDIO_SCORE;
  private readonly climbs = new Map<unknown, Climb>();
  private readonly tables = new Map<unknown, number[][]>();
  /**
   * Per consumer, when each picture the plan has seen began to arrive while it watched: -Infinity
   * for one that was there at the plan's first reading, or that has since stopped (its cost is
   * known then, lastCosts); absent: never seen.
   */
  private readonly picturesSince = new Map<unknown, Map<number, number>>();
  /** Per consumer, what each layer cost at its last reading: a layer sent again starts there. */
  private readonly lastCosts = new Map<unknown, number[][]>();
  private holdUntil = Number.NEGATIVE_INFINITY;
  /** Consumers whose last climb the audio blamed: they step back down on their next plan. */
  private readonly undo = new Map<unknown, Layers>();

  /** A bandwidth estimate (the transport's 'bwe' trace, availableBitrate), bit/s. */
  estimate(bitrate: number, now: number): void {
    this.estimates.add(bitrate, now);
    this.longerEstimates.add(bitrate, now);
  }

  /** The program audio consumer's score changed. Returns true when it undoes a recent climb. */
  audio(score: number, now: number): boolean {
    this.audioScores = this.audioScores.filter((sample) => now - sample.at < STEADY_SPAN_MS);
    this.audioScores.push({ at: now, value: this.audioScore });
    this.audioScore = score;
    let blamed = false;
    for (const [consumer, climb] of this.climbs) {
      if (now - climb.at >= CLIMB_BLAME_MS) this.climbs.delete(consumer);
      else if (score < climb.audioBaseline) {
        this.undo.set(consumer, climb.from);
        this.climbs.delete(consumer);
        blamed = true;
      }
    }
    if (blamed) this.holdUntil = now + AUDIO_LOSS_HOLD_MS;
    return blamed;
  }

  /** Whether there is an estimate to plan from. */
  get ready(): boolean {
    return !this.estimates.empty;
  }

  /**
   * The ceiling for one of the viewer's `videoCount` layered consumers, now at `current` (null: none
   * set yet), given the host's layer bitrates (`table[spatial][temporal]`, bit/s) and what the
   * program audio needs (bit/s, margin included).
   */
  next(
    consumer: unknown,
    table: number[][],
    current: Layers | null,
    audioReserve: number,
    videoCount: number,
    now: number,
  ): Layers {
    const undone = this.undo.get(consumer);
    if (undone) {
      this.undo.delete(consumer);
      return undone;
    }
    const whole = this.smooth(consumer, table);
    const since = this.notePictures(consumer, whole, now);
    const top = Math.max(0, ...whole.flat());
    const offered = withoutNewPictures(
      whole,
      current,
      (spatial) => now - (since.get(spatial) ?? now) < NEW_PICTURE_SETTLE_MS,
    );
    const budgetOf = (estimate: number) =>
      estimate >= UNLIMITED_ESTIMATE_OF_TOP * top * videoCount && estimate >= top * videoCount + audioReserve
        ? Number.POSITIVE_INFINITY
        : (estimate * USABLE_SHARE_OF_ESTIMATE - audioReserve) / videoCount;
    // Staying (or stepping down) follows the percentile; a climb needs every estimate of the span.
    const staying = highestFitting(offered, budgetOf(this.estimates.percentile(STEADY_PERCENTILE)));
    let ceiling = staying;
    if (current && above(staying, current)) {
      const climbBudget = budgetOf(this.estimates.lowest()) / UPGRADE_HEADROOM;
      // A viewer at mediasoup's probing cap (an unlimited budget) has shown no limit to wait out.
      const largerPictureBudget =
        climbBudget === Number.POSITIVE_INFINITY
          ? climbBudget
          : budgetOf(this.longerEstimates.lowest()) / UPGRADE_HEADROOM;
      const climb = highestFitting(withoutLargerPictures(offered, current, largerPictureBudget), climbBudget);
      ceiling = now >= this.holdUntil && above(climb, current) ? (above(climb, staying) ? staying : climb) : current;
    }
    if (current && above(ceiling, current)) {
      this.climbs.set(consumer, { at: now, from: current, audioBaseline: this.lowestAudioScore() });
    }
    return ceiling;
  }

  /** Forgets a consumer that closed. */
  forget(consumer: unknown): void {
    this.tables.delete(consumer);
    this.picturesSince.delete(consumer);
    this.lastCosts.delete(consumer);
    this.climbs.delete(consumer);
    this.undo.delete(consumer);
  }

  /** The consumer's table with each layer's new reading folded into its running average. */
  private smooth(consumer: unknown, table: number[][]): number[][] {
    const previous = this.tables.get(consumer);
    const costs = this.lastCosts.get(consumer) ?? [];
    const smoothed = table.map((row, spatial) =>
      row.map((bitrate, temporal) => {
        const before = previous?.[spatial]?.[temporal];
        // A layer the host stopped sending (0) is gone at once. One sent again ramps up as it did
        // at first: it counts at what it cost before until its readings say more. A new one starts
        // at its reading (and its picture waits NEW_PICTURE_SETTLE_MS).
        if (!bitrate) return 0;
        if (!before) return Math.max(bitrate, costs[spatial]?.[temporal] ?? 0);
        return before + (bitrate - before) * LAYER_BITRATE_SMOOTHING;
      }),
    );
    this.tables.set(consumer, smoothed);
    smoothed.forEach((row, spatial) =>
      row.forEach((cost, temporal) => {
        if (cost > 0) (costs[spatial] ??= [])[temporal] = cost;
      }),
    );
    this.lastCosts.set(consumer, costs);
    return smoothed;
  }

  /**
   * Notes when each picture of the consumer's table began to arrive; returns those times. Only a
   * picture never seen before, arriving after the plan's first reading, is new.
   */
  private notePictures(consumer: unknown, table: number[][], now: number): Map<number, number> {
    const first = !this.picturesSince.has(consumer);
    const since = this.picturesSince.get(consumer) ?? new Map<number, number>();
    table.forEach((row, spatial) => {
      const sent = row.some((bitrate) => bitrate > 0);
      if (sent && !since.has(spatial)) since.set(spatial, first ? Number.NEGATIVE_INFINITY : now);
      // A picture that stopped has been read, so its cost is known: sent again, it is not new.
      else if (!sent && since.has(spatial)) since.set(spatial, Number.NEGATIVE_INFINITY);
    });
    this.picturesSince.set(consumer, since);
    return since;
  }

  private lowestAudioScore(): number {
    return Math.min(this.audioScore, ...this.audioScores.map((sample) => sample.value));
  }
}
