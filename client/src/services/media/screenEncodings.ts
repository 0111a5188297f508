import type { ScreenLayerMode } from '@riffroom/protocol';
import type { types as ms } from 'mediasoup-client';

/**
 * The host's screen as SCREEN_LAYERS asks (docs/performance.md "Layered screen share").
 * Each layer has three temporal layers (30, 15 and 7.5 fps), so a viewer short of bandwidth first
 * loses frame rate and keeps sharp text. The caps keep the host's upload within 1.5x of the one
 * stream of before: the top layer keeps that stream's 2.5 Mbit/s ceiling, the two below add
 * 0.5 and 0.15 Mbit/s.
 */
export const SIMULCAST_ENCODINGS: ms.RtpEncodingParameters[] = [
  { scaleResolutionDownBy: 4, maxBitrate: 150_000, scalabilityMode: 'L1T3' },
  { scaleResolutionDownBy: 2, maxBitrate: 500_000, scalabilityMode: 'L1T3' },
  { scaleResolutionDownBy: 1, maxBitrate: 2_500_000, scalabilityMode: 'L1T3' },
];

/** One VP9 stream of 3 spatial x 3 temporal layers, keyframes only where a layer starts (k-SVC). */
export const SVC_ENCODINGS: ms.RtpEncodingParameters[] = [{ scalabilityMode: 'L3T3_KEY', maxBitrate: 3_150_000 }];

export type ScreenProducerOptions = Pick<ms.ProducerOptions, 'encodings' | 'codecOptions' | 'codec'>;

/**
 * What the screen's producer is made with. SVC needs VP9 (profile 0, what browsers encode SVC in);
 * a browser without it sends simulcast VP8 instead, which every browser has.
 */
export function screenProducerOptions(
  mode: ScreenLayerMode,
  codecs: readonly ms.RtpCodecCapability[],
): ScreenProducerOptions {
  const codecOptions = { videoGoogleStartBitrate: 1000 };
  if (mode === 'single') return { codecOptions };
  const vp9 = codecs.find(
    (codec) => codec.mimeType.toLowerCase() === 'video/vp9' && String(codec.parameters?.['profile-id'] ?? 0) === '0',
  );
  if (mode === 'svc' && vp9) return { codec: vp9, encodings: SVC_ENCODINGS.map((e) => ({ ...e })), codecOptions };
  return { encodings: SIMULCAST_ENCODINGS.map((e) => ({ ...e })), codecOptions };
}
