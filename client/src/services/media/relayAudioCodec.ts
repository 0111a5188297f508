/**
 * Program audio on the relay tier, the browser half: WebCodecs Opus, 48 kHz stereo, in independent
 * packets a guest can start decoding anywhere (protocol/src/relay.ts). The host reads raw audio off
 * its program-audio track with MediaStreamTrackProcessor (Chromium; no Firefox or Safari yet), so
 * where either API is missing the relay carries no audio and the state says 'unsupported'.
 */

/** What the relay sends per packet; microseconds, as WebCodecs counts. */
export interface EncodedRelayAudio {
  data: ArrayBuffer;
  timestamp: number;
  duration?: number;
}

export const RELAY_AUDIO_SAMPLE_RATE = 48_000;
export const RELAY_AUDIO_CHANNELS = 2;
/**
 * The relay shares one socket with the JPEG frames and every guest's lane: 128 kbps stereo Opus is
 * transparent for most mixes and a tenth of a relay frame stream.
 */
export const RELAY_AUDIO_MAX_BITRATE = 128_000;
const RELAY_AUDIO_MIN_BITRATE = 32_000;

/** The host's chosen SFU bitrate, brought within what the relay carries. */
export function relayAudioBitrate(chosen: number): number {
  return Math.min(RELAY_AUDIO_MAX_BITRATE, Math.max(RELAY_AUDIO_MIN_BITRATE, Math.round(chosen)));
}

/** Chromium's MediaStreamTrackProcessor; TypeScript's DOM library does not describe it yet. */
type TrackProcessorConstructor = new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<AudioData> };

function trackProcessor(): TrackProcessorConstructor | undefined {
  return (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor }).MediaStreamTrackProcessor;
}

/** WebCodecs' audio encoding half (Chromium, and Firefox from 130). */
export function hasWebCodecsAudioEncoder(scope: typeof globalThis = globalThis): boolean {
  return typeof scope.AudioEncoder !== 'undefined' && typeof scope.AudioData !== 'undefined';
}

/** Reading raw frames off a live track: Chromium only; Firefox and Safari have WebCodecs without it. */
export function hasTrackProcessor(scope: typeof globalThis = globalThis): boolean {
  return typeof (scope as { MediaStreamTrackProcessor?: unknown }).MediaStreamTrackProcessor === 'function';
}

export function canEncodeRelayAudio(): boolean {
  return hasWebCodecsAudioEncoder() && trackProcessor() !== undefined;
}

export function canDecodeRelayAudio(): boolean {
  return typeof AudioDecoder !== 'undefined' && typeof EncodedAudioChunk !== 'undefined';
}

export interface RelayAudioEncoder {
  close(): void;
}

export type StartRelayAudioEncoder = (
  track: MediaStreamTrack,
  bitrate: number,
  onChunk: (chunk: EncodedRelayAudio) => void,
  onError: (error: unknown) => void,
) => RelayAudioEncoder;

/**
 * Reads the track and encodes it until `close()`. The encoder is configured from the first frame's
 * sample rate (Chromium's Opus encoder resamples to 48 kHz itself); a mono input is sent as two equal
 * channels, so every packet decodes with the one guest configuration.
 */
export const startWebCodecsEncoder: StartRelayAudioEncoder = (track, bitrate, onChunk, onError) => {
  const Processor = trackProcessor();
  if (!Processor) throw new Error('MediaStreamTrackProcessor is not available');
  let closed = false;
  let configuredRate = 0;
  const encoder = new AudioEncoder({
    output: (chunk) => {
      if (closed) return;
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      const timestamp = Math.max(0, Math.round(chunk.timestamp));
      const duration = chunk.duration ? Math.round(chunk.duration) : undefined;
      onChunk(duration === undefined ? { data: data.buffer, timestamp } : { data: data.buffer, timestamp, duration });
    },
    error: (error) => {
      if (!closed) onError(error);
    },
  });
  const reader = new Processor({ track }).readable.getReader();

  const pump = async () => {
    while (!closed) {
      const { value: frame, done } = await reader.read();
      if (done || !frame) return;
      try {
        if (closed) continue;
        if (frame.sampleRate !== configuredRate) {
          if (configuredRate !== 0) await encoder.flush().catch(() => {});
          configuredRate = frame.sampleRate;
          encoder.configure({
            codec: 'opus',
            sampleRate: frame.sampleRate,
            numberOfChannels: RELAY_AUDIO_CHANNELS,
            bitrate,
          });
        }
        const stereo = frame.numberOfChannels === RELAY_AUDIO_CHANNELS ? null : toStereo(frame);
        encoder.encode(stereo ?? frame);
        stereo?.close();
      } finally {
        frame.close();
      }
    }
  };
  pump().catch((error: unknown) => {
    if (!closed) onError(error);
  });

  return {
    close() {
      if (closed) return;
      closed = true;
      void reader.cancel().catch(() => {});
      if (encoder.state !== 'closed') encoder.close();
    },
  };
};

/** The first channel on both sides (a mono input), or the first two of more. */
function toStereo(frame: AudioData): AudioData {
  const frames = frame.numberOfFrames;
  const planes = new Float32Array(frames * RELAY_AUDIO_CHANNELS);
  for (let channel = 0; channel < RELAY_AUDIO_CHANNELS; channel += 1) {
    const from = Math.min(channel, frame.numberOfChannels - 1);
    frame.copyTo(planes.subarray(channel * frames, (channel + 1) * frames), { planeIndex: from, format: 'f32-planar' });
  }
  return new AudioData({
    format: 'f32-planar',
    sampleRate: frame.sampleRate,
    numberOfFrames: frames,
    numberOfChannels: RELAY_AUDIO_CHANNELS,
    timestamp: frame.timestamp,
    data: planes,
  });
}
