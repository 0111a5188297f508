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
  /** How often the router's AudioLevelObserver reports (TALKBACK_LEVEL_INTERVAL_MS). */
  intervalMs: number;
  /** Louder than this (dBov, -127..0) counts as speaking (TALKBACK_SPEAKING_DBOV). */
  thresholdDbov: number;
}

export const DEFAULT_SPEAKING_OPTIONS: SpeakingOptions = { intervalMs: 500, thresholdDbov: -60 };

/**
 * Who is speaking on talkback, from the router's AudioLevelObserver: `onChange` hears the talkers'
 * member sockets, only when the set changes, so at most once per observer interval.
 */
export class SpeakingWatch {
  private speaking = '';
  /** Each watched producer's member socket (appData holds only what the recorder reads). */
  private owners = new Map<string, string>();

  private constructor(
    private readonly observer: types.AudioLevelObserver,
    private readonly onChange: (peerIds: string[]) => void,
  ) {
    observer.on('volumes', (volumes) =>
      this.report(volumes.flatMap(({ producer }) => this.owners.get(producer.id) ?? [])),
    );
    observer.on('silence', () => this.report([]));
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
    return new SpeakingWatch(observer, onChange);
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
    this.observer.close();
  }

  private report(peerIds: string[]): void {
    const sorted = [...new Set(peerIds)].sort();
    const key = sorted.join(',');
    if (key === this.speaking) return;
    this.speaking = key;
    this.onChange(sorted);
  }
}
