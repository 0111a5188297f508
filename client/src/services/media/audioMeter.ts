import { kbpsBetween, readAudioReport, type AudioStats, type ByteSample } from './audioStats';

/**
 * Reads the program audio stream's stats once a second and reports the live bitrate and channel
 * count; null while nothing is flowing.
 */
export function startAudioMeter(
  readStats: () => Promise<RTCStatsReport | null>,
  onStats: (stats: AudioStats | null) => void,
  intervalMs = 1000,
): () => void {
  let previous: ByteSample | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    readStats()
      .then((report) => {
        if (stopped) return;
        const reading = report ? readAudioReport(report) : null;
        if (!reading) {
          previous = null;
          return onStats(null);
        }
        const kbps = previous ? kbpsBetween(previous, reading) : null;
        previous = reading;
        if (kbps !== null) onStats({ kbps, channels: reading.channels });
      })
      .catch(() => {
        // A stream closing between two readings: the next tick starts over.
        previous = null;
      });
  }, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
