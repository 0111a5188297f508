import type { SfuLayers } from '@riffroom/protocol';
import { readVideoReport, type VideoQuality } from './videoQuality';

/**
 * Reads the received screen's stats once a second and reports its size, frame rate and the SFU
 * layer it is on (the latest sfu:layers, which `layers` gives); null while no picture arrives.
 */
export function startVideoMeter(
  readStats: () => Promise<RTCStatsReport | null>,
  layers: () => SfuLayers | null,
  onQuality: (quality: VideoQuality | null) => void,
  intervalMs = 1000,
): () => void {
  let stopped = false;
  const timer = setInterval(() => {
    readStats()
      .then((report) => {
        if (stopped) return;
        const reading = report ? readVideoReport(report) : null;
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
