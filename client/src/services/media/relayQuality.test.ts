import { describe, expect, it } from 'vitest';
import {
  nextJpegQuality,
  RELAY_MAX_QUALITY,
  RELAY_MIN_QUALITY,
  RELAY_START_QUALITY,
  RELAY_TARGET_MAX_BYTES,
  RELAY_TARGET_MIN_BYTES,
} from './relayQuality';

describe('relay JPEG quality', () => {
  it('keeps the quality while frames land in the 100-150 kB band', () => {
    expect(nextJpegQuality(0.7, 120_000)).toBe(0.7);
    expect(nextJpegQuality(0.7, RELAY_TARGET_MIN_BYTES)).toBe(0.7);
    expect(nextJpegQuality(0.7, RELAY_TARGET_MAX_BYTES)).toBe(0.7);
  });

  it('lowers the quality when a frame is too big, more so the bigger it is', () => {
    const slightly = nextJpegQuality(0.7, 180_000);
    const much = nextJpegQuality(0.7, 600_000);
    expect(slightly).toBeLessThan(0.7);
    expect(much).toBeLessThan(slightly);
  });

  it('raises the quality when frames are much smaller than the target', () => {
    expect(nextJpegQuality(0.7, 20_000)).toBeGreaterThan(0.7);
    // Just under the band is not "much smaller": no change, so it does not oscillate.
    expect(nextJpegQuality(0.7, 90_000)).toBe(0.7);
  });

  it('stays within its bounds however far the frames are off', () => {
    let quality = RELAY_START_QUALITY;
    for (let i = 0; i < 50; i += 1) quality = nextJpegQuality(quality, 1_000_000);
    expect(quality).toBe(RELAY_MIN_QUALITY);
    for (let i = 0; i < 50; i += 1) quality = nextJpegQuality(quality, 1_000);
    expect(quality).toBe(RELAY_MAX_QUALITY);
  });

  it('settles in the band for a screen whose size grows with quality', () => {
    // A crude model of a busy screen: bytes roughly proportional to quality squared.
    const bytesAt = (quality: number) => 400_000 * quality * quality;
    let quality = RELAY_MAX_QUALITY;
    for (let i = 0; i < 30; i += 1) quality = nextJpegQuality(quality, bytesAt(quality));
    expect(bytesAt(quality)).toBeGreaterThanOrEqual(RELAY_TARGET_MIN_BYTES * 0.75);
    expect(bytesAt(quality)).toBeLessThanOrEqual(RELAY_TARGET_MAX_BYTES);
  });
});
