import type { types } from 'mediasoup';
import type { TimedFile } from './stem-alignment.js';
import { talkerIdentity, trackLabel } from './track-names.js';

/** A program or screen producer copied as sent. */
export interface CopiedTrack extends TimedFile {
  kind: 'program' | 'screen';
}

/** One person on talkback: each time their mic (re)starts is a segment, made into one stem at Stop. */
export interface Talker {
  label: string;
  userId: string | null;
  slug: string;
  segments: TimedFile[];
}

/** A file the recording holds so far, with what the catalog shows for it. */
export interface TrackSoFar extends TimedFile {
  kind: 'program' | 'screen' | 'talker';
  label: string;
  userId: string | null;
}

/**
 * What a recording holds so far, on its timeline: every copy and talker segment with its start
 * in ms after t=0 (negative for one that began before it).
 */
export class RecordingTimeline {
  /** The recording's t=0 (ms since the epoch). */
  private origin = Date.now();
  readonly copied: CopiedTrack[] = [];
  private readonly talkers = new Map<string, Talker>();

  get t0(): number {
    return this.origin;
  }

  /** Moves t=0 to `t0`: the offsets taken so far follow (one that started earlier goes negative). */
  rebase(t0: number): void {
    const shift = t0 - this.origin;
    this.origin = t0;
    for (const copy of this.copied) copy.offsetMs -= shift;
    for (const talker of this.talkers.values()) for (const segment of talker.segments) segment.offsetMs -= shift;
  }

  /**
   * Puts a file where it begins: at its first packet, once that is known (a capture's clock, see
   * first-packet.ts). Until then, and if none ever comes, the offset it was given stays.
   */
  placeAtFirstPacket(file: TimedFile, firstPacketAtMs: Promise<number | null>): void {
    void firstPacketAtMs.then((at) => {
      if (at !== null) file.offsetMs = at - this.origin;
    });
  }

  /** The talker a talkback producer belongs to: one per person, however often their mic restarts. */
  talkerOf(producer: types.Producer): Talker {
    const { key, label, slug } = talkerIdentity(producer.appData, producer.id);
    let talker = this.talkers.get(key);
    if (!talker) {
      talker = { label, userId: key === producer.id ? null : key, slug: this.uniqueSlug(slug), segments: [] };
      this.talkers.set(key, talker);
    }
    return talker;
  }

  allTalkers(): Talker[] {
    return [...this.talkers.values()];
  }

  /** Every file so far, as the catalog lists a recording still running (crash-recovery.ts reads it). */
  tracksSoFar(): TrackSoFar[] {
    return [
      ...this.copied.map((copy) => ({ ...copy, label: trackLabel(copy.kind, copy.file), userId: null })),
      ...this.allTalkers().flatMap((talker) =>
        talker.segments.map((segment) => ({ ...segment, kind: 'talker' as const, ...talker })),
      ),
    ];
  }

  /** Two people with one display name get two stems: `talker-sam`, `talker-sam-2`. */
  private uniqueSlug(slug: string): string {
    const taken = new Set(this.allTalkers().map((talker) => talker.slug));
    if (!taken.has(slug)) return slug;
    let n = 2;
    while (taken.has(`${slug}-${n}`)) n += 1;
    return `${slug}-${n}`;
  }
}
