import {
  RELAY_CANVAS_HEIGHT,
  RELAY_CANVAS_WIDTH,
  RELAY_SMALL_HEIGHT,
  RELAY_SMALL_WIDTH,
  type RelayDemand,
  type RelayRendition,
} from '@riffroom/protocol';

/** The bytes a rendition's JPEG frames aim at; the quality is steered to keep them within. */
export interface JpegBand {
  minBytes: number;
  maxBytes: number;
}

/**
 * Full frames of ~100-150 kB keep 10 fps within a modest uplink and the media node's 1 MiB cap,
 * whatever the screen shows. Small frames have a quarter of the pixels and aim at about a quarter
 * of the bytes, so a guest the media node moved to them (its link too slow for full frames) gets
 * about four times the frames.
 */
export const RELAY_JPEG_BANDS: Record<RelayRendition, JpegBand> = {
  full: { minBytes: 100_000, maxBytes: 150_000 },
  small: { minBytes: 25_000, maxBytes: 40_000 },
};
export const RELAY_RENDITION_SIZES: Record<RelayRendition, { width: number; height: number }> = {
  full: { width: RELAY_CANVAS_WIDTH, height: RELAY_CANVAS_HEIGHT },
  small: { width: RELAY_SMALL_WIDTH, height: RELAY_SMALL_HEIGHT },
};
export const RELAY_MIN_QUALITY = 0.3;
export const RELAY_MAX_QUALITY = 0.92;
export const RELAY_START_QUALITY = 0.7;

/**
 * Lower the quality in proportion when a frame came out too big (a busy screen can be several times
 * the target); raise it gently when frames come out much smaller than the target (a static or
 * simple screen), so quality recovers without oscillating around the band.
 */
export function nextJpegQuality(quality: number, lastFrameBytes: number, band: JpegBand): number {
  let next = quality;
  if (lastFrameBytes > band.maxBytes) {
    next = quality * Math.max(0.5, band.maxBytes / lastFrameBytes) * 0.95;
  } else if (lastFrameBytes < band.minBytes * 0.75) {
    next = quality + 0.05;
  }
  return Math.round(Math.min(RELAY_MAX_QUALITY, Math.max(RELAY_MIN_QUALITY, next)) * 1000) / 1000;
}

/**
 * The renditions the host encodes for a relay:demand: full while some guest is on full, small
 * while some guest is on small (a server that predates the renditions sends no `small`).
 */
export function relayRenditionsFor({ guests, small = 0 }: Partial<RelayDemand>): RelayRendition[] {
  const wanted: RelayRendition[] = [];
  if ((guests ?? 0) > small) wanted.push('full');
  if (small > 0) wanted.push('small');
  return wanted;
}
