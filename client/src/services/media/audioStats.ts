/** What the room shows about program audio: the live bitrate and whether it is stereo. */
export interface AudioStats {
  kbps: number;
  channels: 1 | 2;
}

/** One reading of an RTP stream's byte counter. */
export interface ByteSample {
  bytes: number;
  /** Milliseconds, as in RTCStats.timestamp. */
  timestamp: number;
}

interface StatsEntry {
  type: string;
  kind?: string;
  mediaType?: string;
  codecId?: string;
  bytesSent?: number;
  bytesReceived?: number;
  timestamp: number;
  channels?: number;
  sdpFmtpLine?: string;
  mimeType?: string;
}

/**
 * The audio stream's byte counter and channel count from one getStats() report (a producer's or a
 * consumer's). Stereo is what both ends agreed in the Opus fmtp (`stereo=1` / `sprop-stereo=1`):
 * Opus always reports 2 codec channels, so the fmtp line is what tells a stereo stream from mono.
 */
export function readAudioReport(report: RTCStatsReport): (ByteSample & { channels: 1 | 2 }) | null {
  const entries = [...(report as unknown as Map<string, StatsEntry>).values()];
  const rtp = entries.find(
    (s) => (s.type === 'outbound-rtp' || s.type === 'inbound-rtp') && (s.kind ?? s.mediaType) === 'audio',
  );
  if (!rtp) return null;
  const codec = rtp.codecId ? (report.get(rtp.codecId) as StatsEntry | undefined) : undefined;
  const fmtp = codec?.sdpFmtpLine ?? '';
  const stereo = /(^|;)\s*(sprop-)?stereo=1/.test(fmtp) || (!fmtp && codec?.channels === 2);
  return {
    bytes: rtp.bytesSent ?? rtp.bytesReceived ?? 0,
    timestamp: rtp.timestamp,
    channels: stereo ? 2 : 1,
  };
}

/** Bitrate between two readings of the same counter, in kbps; null until time has passed. */
export function kbpsBetween(previous: ByteSample, current: ByteSample): number | null {
  const elapsedMs = current.timestamp - previous.timestamp;
  if (elapsedMs <= 0 || current.bytes < previous.bytes) return null;
  return Math.round(((current.bytes - previous.bytes) * 8) / elapsedMs);
}

export function describeAudioStats(stats: AudioStats): string {
  return `${stats.kbps} kbps · ${stats.channels === 2 ? 'stereo' : 'mono'}`;
}
