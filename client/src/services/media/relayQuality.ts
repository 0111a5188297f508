/**
 * The relay host's JPEG quality, steered by the size of the last frame: a frame of ~100-150 kB keeps
 * 10 fps within a modest uplink and the media node's 1 MiB cap, whatever the screen shows.
 */
export const RELAY_TARGET_MIN_BYTES = 100_000;
export const RELAY_TARGET_MAX_BYTES = 150_000;
export const RELAY_MIN_QUALITY = 0.3;
export const RELAY_MAX_QUALITY = 0.92;
export const RELAY_START_QUALITY = 0.7;

/**
 * Lower the quality in proportion when a frame came out too big (a busy screen can be several times
 * the target); raise it gently when frames come out much smaller than the target (a static or
 * simple screen), so quality recovers without oscillating around the band.
 */
export function nextJpegQuality(quality: number, lastFrameBytes: number): number {
  let next = quality;
  if (lastFrameBytes > RELAY_TARGET_MAX_BYTES) {
    next = quality * Math.max(0.5, RELAY_TARGET_MAX_BYTES / lastFrameBytes) * 0.95;
  } else if (lastFrameBytes < RELAY_TARGET_MIN_BYTES * 0.75) {
    next = quality + 0.05;
  }
  return Math.round(Math.min(RELAY_MAX_QUALITY, Math.max(RELAY_MIN_QUALITY, next)) * 1000) / 1000;
}
