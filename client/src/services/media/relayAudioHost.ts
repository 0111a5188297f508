import {
  canEncodeRelayAudio,
  relayAudioBitrate,
  startWebCodecsEncoder,
  type EncodedRelayAudio,
  type RelayAudioEncoder,
  type StartRelayAudioEncoder,
} from './relayAudioCodec';
import type { RoomSocket } from './roomSocket';

/**
 * Program audio on the relay tier: 'off' (nothing to send or nobody on the relay), 'live' (sending
 * or playing), 'unsupported' (this browser lacks WebCodecs audio or, for the host,
 * MediaStreamTrackProcessor: relay guests get no program audio), 'error' (the codec failed; tried
 * again on the next change of source or demand).
 */
export type RelayAudioStatus = 'off' | 'live' | 'unsupported' | 'error';

/**
 * Unacknowledged chunks the host lets travel at once (20 ms each: half a second). Beyond that the
 * socket is stalled, and a packet dropped here is a short gap, where a queue would be growing delay.
 */
export const RELAY_AUDIO_MAX_IN_FLIGHT = 25;

export interface RelayAudioHostOptions {
  start?: StartRelayAudioEncoder;
  supported?: () => boolean;
}

/**
 * The host's side of relay audio (ARCHITECTURE.md "Choose a tier and fall back"): while any guest is subscribed (`relay:demand`)
 * and program audio is live, encode it as Opus and emit `audio-chunk` per packet. The encoder runs
 * only then, so a room without relay guests spends nothing on it.
 */
export class RelayAudioHost {
  private demand = 0;
  private track: MediaStreamTrack | null = null;
  private bitrate = 0;
  private encoder: RelayAudioEncoder | null = null;
  private inFlight = 0;
  private failed = false;
  private closed = false;
  private status: RelayAudioStatus = 'off';
  private readonly offDemand: () => void;
  private readonly start: StartRelayAudioEncoder;
  private readonly supported: () => boolean;

  constructor(
    private readonly socket: RoomSocket,
    private readonly roomId: string,
    private readonly onStatus: (status: RelayAudioStatus) => void,
    options: RelayAudioHostOptions = {},
  ) {
    this.start = options.start ?? startWebCodecsEncoder;
    this.supported = options.supported ?? canEncodeRelayAudio;
    this.offDemand = socket.on('relay:demand', ({ guests }) => {
      if (guests > 0 !== this.demand > 0) this.failed = false;
      this.demand = guests;
      this.update();
    });
  }

  /** The program-audio track and the host's chosen bitrate, or null when no program audio is live. */
  setSource(track: MediaStreamTrack | null, bitrate: number): void {
    if (track === this.track && bitrate === this.bitrate) return;
    this.stopEncoder();
    this.track = track;
    this.bitrate = bitrate;
    this.failed = false;
    this.update();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.offDemand();
    this.stopEncoder();
    this.track = null;
  }

  private update(): void {
    const wanted = !this.closed && this.demand > 0 && this.track !== null && this.track.readyState !== 'ended';
    if (!wanted) {
      this.stopEncoder();
      this.report('off');
      return;
    }
    if (this.encoder || this.failed) return;
    if (!this.supported()) {
      this.report('unsupported');
      return;
    }
    try {
      this.encoder = this.start(
        this.track!,
        relayAudioBitrate(this.bitrate),
        (chunk) => this.send(chunk),
        () => this.fail(),
      );
      this.report('live');
    } catch {
      this.fail();
    }
  }

  private send(chunk: EncodedRelayAudio): void {
    if (this.closed || this.inFlight >= RELAY_AUDIO_MAX_IN_FLIGHT) return;
    this.inFlight += 1;
    void this.socket
      .request('audio-chunk', { roomId: this.roomId, ...chunk })
      .catch(() => {
        // Refused (rate limit) or unanswered: the next packets carry on; a lost one is a short gap.
      })
      .finally(() => {
        this.inFlight -= 1;
      });
  }

  private fail(): void {
    this.stopEncoder();
    this.failed = true;
    if (!this.closed) this.report('error');
  }

  private stopEncoder(): void {
    this.encoder?.close();
    this.encoder = null;
  }

  private report(status: RelayAudioStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.onStatus(status);
  }
}
