import { describe, expect, it } from 'vitest';
import {
  nextJpegQuality,
  RELAY_JPEG_BANDS,
  RELAY_MAX_QUALITY,
  RELAY_MIN_QUALITY,
  RELAY_START_QUALITY,
  relayRenditionsFor,
} from './relayQuality';

const FULL = RELAY_JPEG_BANDS.full;
const SMALL = RELAY_JPEG_BANDS.small;

describe('relay JPEG quality', () => {
  it('keeps the quality while frames land in the 100-150 kB band', () => {
    expect(nextJpegQuality(0.7, 120_000, FULL)).toBe(0.7);
    expect(nextJpegQuality(0.7, FULL.minBytes, FULL)).toBe(0.7);
    expect(nextJpegQuality(0.7, FULL.maxBytes, FULL)).toBe(0.7);
  });

  it('lowers the quality when a frame is too big, more so the bigger it is', () => {
    const slightly = nextJpegQuality(0.7, 180_000, FULL);
    const much = nextJpegQuality(0.7, 600_000, FULL);
    expect(slightly).toBeLessThan(0.7);
    expect(much).toBeLessThan(slightly);
  });

  it('raises the quality when frames are much smaller than the target', () => {
    expect(nextJpegQuality(0.7, 20_000, FULL)).toBeGreaterThan(0.7);
    // Just under the band is not "much smaller": no change, so it does not oscillate.
    expect(nextJpegQuality(0.7, 90_000, FULL)).toBe(0.7);
  });

  it('stays within its bounds however far the frames are off', () => {
    let quality = RELAY_START_QUALITY;
    for (let i = 0; i < 50; i += 1) quality = nextJpegQuality(quality, 1_000_000, FULL);
    expect(quality).toBe(RELAY_MIN_QUALITY);
    for (let i = 0; i < 50; i += 1) quality = nextJpegQuality(quality, 1_000, FULL);
    expect(quality).toBe(RELAY_MAX_QUALITY);
  });

  it('settles in the band for a screen whose size grows with quality', () => {
    // A crude model of a busy screen: bytes roughly proportional to quality squared.
    const bytesAt = (quality: number) => 400_000 * quality * quality;
    let quality = RELAY_MAX_QUALITY;
    for (let i = 0; i < 30; i += 1) quality = nextJpegQuality(quality, bytesAt(quality), FULL);
    expect(bytesAt(quality)).toBeGreaterThanOrEqual(FULL.minBytes * 0.75);
    expect(bytesAt(quality)).toBeLessThanOrEqual(FULL.maxBytes);
  });

  it('steers small frames to their own band, a quarter of the full one', () => {
    // The same screen at a quarter of the pixels: about a quarter of the bytes at each quality.
    const bytesAt = (quality: number) => 100_000 * quality * quality;
    let quality = RELAY_MAX_QUALITY;
    for (let i = 0; i < 30; i += 1) quality = nextJpegQuality(quality, bytesAt(quality), SMALL);
    expect(bytesAt(quality)).toBeGreaterThanOrEqual(SMALL.minBytes * 0.75);
    expect(bytesAt(quality)).toBeLessThanOrEqual(SMALL.maxBytes);
    // A small frame in its band would be far under the full band, and the other way round.
    expect(nextJpegQuality(0.7, 30_000, SMALL)).toBe(0.7);
    expect(nextJpegQuality(0.7, 30_000, FULL)).toBeGreaterThan(0.7);
    expect(nextJpegQuality(0.7, 120_000, SMALL)).toBeLessThan(0.7);
  });
});

describe('the renditions the host encodes', () => {
  it('encodes each rendition only while some guest wants it', () => {
    expect(relayRenditionsFor({ guests: 0, small: 0 })).toEqual([]);
    expect(relayRenditionsFor({ guests: 3, small: 0 })).toEqual(['full']);
    expect(relayRenditionsFor({ guests: 3, small: 1 })).toEqual(['full', 'small']);
    expect(relayRenditionsFor({ guests: 2, small: 2 })).toEqual(['small']);
  });

  it('encodes full frames for a server that does not count small guests', () => {
    expect(relayRenditionsFor({ guests: 2 })).toEqual(['full']);
  });
});
