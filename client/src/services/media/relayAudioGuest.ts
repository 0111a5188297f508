import type { RelayedAudioChunk } from '@riffroom/protocol';
import { canDecodeRelayAudio, RELAY_AUDIO_CHANNELS, RELAY_AUDIO_SAMPLE_RATE } from './relayAudioCodec';
import type { RelayAudioStatus } from './relayAudioHost';
import { scheduleChunk, type JitterState } from './relayAudioJitter';
import type { RoomSocket } from './roomSocket';

/** What the guest's page plays: a MediaStream for the existing program-audio element. */
export interface RelayAudioListener {
  onStream(stream: MediaStream): void;
  onStatus(status: RelayAudioStatus): void;
}

/**
 * A relay guest's program audio: decodes each relayed Opus packet with WebCodecs and schedules it
 * on an AudioContext through the jitter rule (relayAudioJitter.ts). The batch is acked once handed to
 * the decoder, which frees the guest's audio lane at the media node. The context plays into a
 * MediaStream that the room's <audio> element shows, so the 'Play program audio' button covers the
 * browser's autoplay refusal here as on the SFU; the context itself resumes on that click too.
 */
export class RelayAudioGuest {
  private context: AudioContext | null = null;
  private output: MediaStreamAudioDestinationNode | null = null;
  private decoder: AudioDecoder | null = null;
  private jitter: JitterState = { nextStart: null };
  private closed = false;
  private status: RelayAudioStatus = 'off';
  private readonly offChunks: () => void;
  private readonly resumeOnGesture = () => void this.context?.resume().catch(() => {});

  constructor(
    socket: RoomSocket,
    private readonly listener: RelayAudioListener,
  ) {
    this.offChunks = socket.on('audio-chunks', (payload, ack) => {
      try {
        for (const chunk of payload?.chunks ?? []) this.decode(chunk);
      } finally {
        if (typeof ack === 'function') ack();
      }
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.offChunks();
    document.removeEventListener('pointerdown', this.resumeOnGesture, true);
    document.removeEventListener('keydown', this.resumeOnGesture, true);
    if (this.decoder && this.decoder.state !== 'closed') this.decoder.close();
    this.decoder = null;
    void this.context?.close().catch(() => {});
    this.context = null;
  }

  private decode(chunk: RelayedAudioChunk): void {
    if (this.closed || !chunk?.data) return;
    const decoder = this.ensureDecoder();
    if (!decoder) return;
    try {
      decoder.decode(
        new EncodedAudioChunk({
          type: 'key',
          timestamp: chunk.timestamp,
          ...(chunk.duration ? { duration: chunk.duration } : {}),
          data: chunk.data as AllowSharedBufferSource,
        }),
      );
    } catch {
      // A packet the decoder refuses is a 20 ms gap; the next one decodes on its own.
    }
  }

  private ensureDecoder(): AudioDecoder | null {
    if (this.decoder && this.decoder.state !== 'closed') return this.decoder;
    if (!canDecodeRelayAudio()) {
      this.report('unsupported');
      return null;
    }
    const context = this.ensureContext();
    const decoder = new AudioDecoder({
      output: (data) => this.play(context, data),
      // A broken decoder is dropped; the next batch makes a fresh one.
      error: () => {
        this.decoder = null;
        this.report('error');
      },
    });
    decoder.configure({ codec: 'opus', sampleRate: RELAY_AUDIO_SAMPLE_RATE, numberOfChannels: RELAY_AUDIO_CHANNELS });
    this.decoder = decoder;
    return decoder;
  }

  private ensureContext(): AudioContext {
    if (this.context) return this.context;
    const context = new AudioContext({ sampleRate: RELAY_AUDIO_SAMPLE_RATE, latencyHint: 'interactive' });
    const output = context.createMediaStreamDestination();
    output.channelCount = RELAY_AUDIO_CHANNELS;
    output.channelCountMode = 'explicit';
    output.channelInterpretation = 'discrete';
    this.context = context;
    this.output = output;
    // Created without a user gesture, the context starts suspended: the first click or key resumes it.
    if (context.state !== 'running') {
      void context.resume().catch(() => {});
      document.addEventListener('pointerdown', this.resumeOnGesture, true);
      document.addEventListener('keydown', this.resumeOnGesture, true);
    }
    return context;
  }

  private play(context: AudioContext, data: AudioData): void {
    try {
      if (this.closed || !this.output) return;
      const channels = Math.min(data.numberOfChannels, RELAY_AUDIO_CHANNELS);
      const buffer = context.createBuffer(RELAY_AUDIO_CHANNELS, data.numberOfFrames, data.sampleRate);
      for (let channel = 0; channel < RELAY_AUDIO_CHANNELS; channel += 1) {
        // A mono packet (should one come) plays on both sides.
        data.copyTo(buffer.getChannelData(channel), {
          planeIndex: Math.min(channel, channels - 1),
          format: 'f32-planar',
        });
      }
      const decision = scheduleChunk(this.jitter, context.currentTime, buffer.duration);
      this.jitter = decision.state;
      if (!decision.play) return;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(this.output);
      source.start(decision.startAt);
      this.listener.onStream(this.output.stream);
      this.report('live');
    } finally {
      data.close();
    }
  }

  private report(status: RelayAudioStatus): void {
    if (status === this.status) return;
    this.status = status;
    this.listener.onStatus(status);
  }
}
