import type { SfuReceiveMedia } from '../services/media/guestTierChooser';
import type { GuestSfuFactory, HostSfuFactory, SfuSendMedia } from '../services/media/roomConnection';
import type { MediaSource, ProducerInfo } from '../services/media/roomProtocol';
import { RoomRequestError } from '../services/media/roomSocket';
import type { ProduceOptions, SfuListener } from '../services/media/sfuTier';

/** A stand-in track: happy-dom has no capture devices or WebRTC. */
export function fakeTrack(kind: 'video' | 'audio', id = `${kind}-track`): MediaStreamTrack {
  return { kind, id, readyState: 'live', stop() {}, addEventListener() {} } as unknown as MediaStreamTrack;
}

/**
 * The SFU side in memory (happy-dom has no WebRTC), either the host's sending side (`hostFactory`)
 * or a guest's receiving side (`guestFactory`): `start` connects, is refused with a code, or never
 * answers, as the test says. A guest's connected start hands the room the host's tracks; `flowing`
 * says whether their bytes arrive (what the consumers' stats show).
 */
export class FakeSfu implements SfuSendMedia, SfuReceiveMedia {
  starts = 0;
  suspends = 0;
  closed = false;
  /** Connected transports are up (between a start that connected and the next suspend). */
  live = false;
  flowing = true;
  /** How often the consumers' stats were read (a climbing guest polls them for the first bytes). */
  statsReads = 0;
  readonly produced: ProduceOptions[] = [];
  readonly consumed: ProducerInfo[] = [];
  listener!: SfuListener;
  role!: 'host' | 'guest';
  /** What the host sends, as a guest receives it. */
  readonly hostTracks = new Map<MediaSource, MediaStreamTrack>([['screen', fakeTrack('video', 'sfu-screen')]]);

  constructor(public outcome: 'connect' | 'hang' | { refuse: string } = 'connect') {}

  readonly hostFactory: HostSfuFactory = (_socket, _roomId, listener) => {
    this.role = 'host';
    this.listener = { onTrack() {}, onTrackEnded() {}, ...listener };
    return this;
  };

  readonly guestFactory: GuestSfuFactory = (_socket, _roomId, listener) => {
    this.role = 'guest';
    this.listener = listener;
    return this;
  };

  start(): Promise<void> {
    this.starts += 1;
    this.takeDown();
    const outcome = this.outcome;
    if (outcome === 'hang') return new Promise(() => {});
    if (outcome !== 'connect') return Promise.reject(new RoomRequestError(outcome.refuse, 'refused'));
    this.live = true;
    if (this.role === 'guest') for (const [source, track] of this.hostTracks) this.listener.onTrack(source, track);
    return Promise.resolve();
  }

  suspend(): void {
    this.suspends += 1;
    this.takeDown();
  }

  async produce(options: ProduceOptions): Promise<void> {
    this.produced.push(options);
  }

  async stopProducing(): Promise<void> {}

  async consume(producer: ProducerInfo): Promise<void> {
    this.consumed.push(producer);
  }

  /** A renewed consumer replaces the track it had: nothing the fake's callers observe changes. */
  async renew(): Promise<void> {}

  producerClosed(): void {}

  async statsOf(source: MediaSource): Promise<RTCStatsReport | null> {
    this.statsReads += 1;
    if (!this.live || this.role !== 'guest' || !this.hostTracks.has(source)) return null;
    const inbound = { type: 'inbound-rtp', bytesReceived: this.flowing ? 1200 : 0 };
    return new Map([['inbound', inbound]]) as unknown as RTCStatsReport;
  }

  close(): void {
    this.closed = true;
    this.takeDown();
  }

  /** Closing the transports ends the consumers, as SfuTier's does. */
  private takeDown(): void {
    if (!this.live) return;
    this.live = false;
    if (this.role === 'guest') for (const source of this.hostTracks.keys()) this.listener.onTrackEnded(source);
  }
}
