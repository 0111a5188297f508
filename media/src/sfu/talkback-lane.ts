import { TALKBACK_SOURCE } from '@riffroom/protocol';
import type { types } from 'mediasoup';

/**
 * A member's talkback media lives under its own key in an SfuRoom, beside the member's tier media:
 * a client that abandons the SFU tier (sfu:close-transports) keeps talking and hearing talkback,
 * and a member on the P2P tier can have talkback without any SFU video.
 */
const LANE_SUFFIX = '#talkback';

export const talkbackLane = (peerId: string) => `${peerId}${LANE_SUFFIX}`;

/** The member socket a media key belongs to, whichever lane it names. */
export const ownerOfLane = (key: string) => (key.endsWith(LANE_SUFFIX) ? key.slice(0, -LANE_SUFFIX.length) : key);

/** What a talker's mic producer carries: the recorder names each stem from it. Set by the server only. */
export interface TalkbackAppData {
  source: typeof TALKBACK_SOURCE;
  /** The verified uid, or the guest id the server gave an anonymous socket. */
  userId: string;
  displayName: string;
  [key: string]: unknown;
}

export const isTalkbackProducer = (producer: types.Producer) =>
  (producer.appData as { source?: string }).source === TALKBACK_SOURCE;

export interface SpeakingOptions {
  /**
   * How often the router's AudioLevelObserver reports (TALKBACK_LEVEL_INTERVAL_MS). mediasoup skips
   * a producer with fewer than 10 packets in an interval, and DTX sends few while a voice pauses:
   * the interval must hold 10 packets of speech (200 ms of 20 ms frames) at least.
   */
  intervalMs: number;
  /** Louder than this (dBov, -127..0) counts as speaking (TALKBACK_SPEAKING_DBOV). */
  thresholdDbov: number;
}

export const DEFAULT_SPEAKING_OPTIONS: SpeakingOptions = { intervalMs: 500, thresholdDbov: -60 };

/**
 * Who is speaking on talkback, from the router's AudioLevelObserver: `onChange` hears the talkers'
 * member sockets, only when the set changes, so at most once per observer interval. Someone heard
 * stays speaking for `holdMs` after: speech has gaps between words (and a test tone beeps), and a
 * light that blinks with each syllable says less than one that stays on through a sentence.
 */
export class SpeakingWatch {
  private speaking = '';
  /** Each watched producer's member socket (appData holds only what the recorder reads). */
  private owners = new Map<string, string>();
  private lastHeard = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly holdMs: number;

  private constructor(
    private readonly observer: types.AudioLevelObserver,
    intervalMs: number,
    private readonly onChange: (peerIds: string[]) => void,
  ) {
    this.holdMs = Math.max(1000, 2 * intervalMs);
    observer.on('volumes', (volumes) => {
      const now = Date.now();
      for (const { producer } of volumes) {
        const peerId = this.owners.get(producer.id);
        if (peerId) this.lastHeard.set(peerId, now);
      }
      this.report();
    });
    // 'silence' comes once; the hold runs out on this clock.
    this.timer = setInterval(() => this.report(), intervalMs);
    this.timer.unref?.();
    observer.observer.once('close', () => clearInterval(this.timer));
  }

  static async create(
    router: types.Router,
    options: SpeakingOptions,
    onChange: (peerIds: string[]) => void,
  ): Promise<SpeakingWatch> {
    const observer = await router.createAudioLevelObserver({
      maxEntries: 16,
      threshold: options.thresholdDbov,
      interval: options.intervalMs,
    });
    return new SpeakingWatch(observer, options.intervalMs, onChange);
  }

  async add(producer: types.Producer, peerId: string): Promise<void> {
    if (this.observer.closed || producer.closed) return;
    this.owners.set(producer.id, peerId);
    producer.observer.once('close', () => this.owners.delete(producer.id));
    await this.observer.addProducer({ producerId: producer.id }).catch(() => {
      // The producer closed meanwhile: nothing to watch.
    });
  }

  close(): void {
    clearInterval(this.timer);
    this.observer.close();
  }

  private report(): void {
    const now = Date.now();
    for (const [peerId, heard] of this.lastHeard) {
      if (now - heard > this.holdMs || ![...this.owners.values()].includes(peerId)) this.lastHeard.delete(peerId);
    }
    const sorted = [...this.lastHeard.keys()].sort();
    const key = sorted.join(',');
    if (key === this.speaking) return;
    this.speaking = key;
    this.onChange(sorted);
  }
}
