import type { SfuLayers } from '@riffroom/protocol';
import type { VideoQuality } from './videoQuality';

/** One reading of the received screen: its size and frame rate, null while no picture arrives. */
export type VideoReading = () => Promise<Omit<VideoQuality, 'layers'> | null>;

/**
 * Reads the received screen once a second and reports its size, frame rate and the SFU layer it is
 * on (the latest sfu:layers, which `layers` gives); null while no picture arrives.
 */
export function startVideoMeter(
  read: VideoReading,
  layers: () => SfuLayers | null,
  onQuality: (quality: VideoQuality | null) => void,
  intervalMs = 1000,
): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    read()
      .then((reading) => {
        if (stopped) return;
        const current = layers();
        onQuality(reading ? { ...reading, ...(current ? { layers: current } : {}) } : null);
      })
      .catch(() => {
        // A stream closing between two readings: the next tick reads again.
      });
  }, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
