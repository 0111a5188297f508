import type { types as ms } from 'mediasoup-client';
import { describe, expect, it } from 'vitest';
import { screenProducerOptions, SIMULCAST_ENCODINGS } from './screenEncodings';

const vp8 = { kind: 'video', mimeType: 'video/VP8', clockRate: 90000 } as ms.RtpCodecCapability;
const vp9p0 = { ...vp8, mimeType: 'video/VP9', parameters: { 'profile-id': 0 } } as ms.RtpCodecCapability;
const vp9p2 = { ...vp8, mimeType: 'video/VP9', parameters: { 'profile-id': 2 } } as ms.RtpCodecCapability;

describe("the host's screen encodings", () => {
  it("'single' is the one stream of before: no encodings, the same start bitrate", () => {
    expect(screenProducerOptions('single', [vp8, vp9p0])).toEqual({ codecOptions: { videoGoogleStartBitrate: 1000 } });
  });

  it("'simulcast' sends 320x180, 640x360 and 1280x720 VP8, each with 3 temporal layers", () => {
    const options = screenProducerOptions('simulcast', [vp8, vp9p0]);
    expect(options.codec).toBeUndefined();
    expect(options.encodings?.map((e) => [e.scaleResolutionDownBy, e.scalabilityMode])).toEqual([
      [4, 'L1T3'],
      [2, 'L1T3'],
      [1, 'L1T3'],
    ]);
  });

  it("keeps the host's upload within 1.5x of the single stream's 2.5 Mbit/s ceiling", () => {
    const total = SIMULCAST_ENCODINGS.reduce((sum, e) => sum + (e.maxBitrate ?? Infinity), 0);
    expect(total).toBeLessThanOrEqual(1.5 * 2_500_000);
  });

  it("'svc' sends VP9 profile 0 as L3T3_KEY, and simulcast VP8 where the browser has no VP9 profile 0", () => {
    const svc = screenProducerOptions('svc', [vp8, vp9p2, vp9p0]);
    expect(svc.codec).toBe(vp9p0);
    expect(svc.encodings).toEqual([expect.objectContaining({ scalabilityMode: 'L3T3_KEY' })]);
    const fallback = screenProducerOptions('svc', [vp8, vp9p2]);
    expect(fallback.codec).toBeUndefined();
    expect(fallback.encodings).toHaveLength(3);
  });
});
