/**
 * bench/constrained-viewers.ts's arithmetic: per viewer, what one measuring window of its Chromium
 * stats (constrained-run.ts) says, and the targets checked against the layered run.
 */
import {
  AUDIO_MAX_CONCEALED_PERCENT,
  AUDIO_MIN_RATE_KBIT,
  KEYFRAME_REQUESTS_PER_S_TARGET,
  targetFor,
  UPLOAD_RATIO_TARGET,
} from './constrained-links.js';
import type { HostWindow, RunResult, ViewerWindow } from './constrained-run.js';
import { percentile, round } from './report.js';

export interface ViewerRow {
  viewer: string;
  /** Frames decoded a second (SFU), or relay frames painted a second (relay). */
  fps: number;
  /** The frame size seen most often over the window, e.g. '1280x720'. */
  resolution: string;
  /** Share of the window's one-second reads at the full 1280 width, in percent. */
  fullWidthPercent: number;
  freezesPerMin: number;
  freezeSPerMin: number;
  nacks: number;
  plis: number;
  lossPercent: number;
  kbps: number;
  g2gP50Ms: number | null;
  g2gP95Ms: number | null;
  /** Concealed program audio, percent of samples played (null: no audio on this tier/link). */
  audioConcealedPercent: number | null;
  audioConcealmentEvents: number | null;
  /** Program audio packets the viewer asked to be resent (null: no audio). */
  audioNacks: number | null;
  /** Program audio packets lost on the way, percent (null: no audio). */
  audioLossPercent: number | null;
  /**
   * The program audio stream's bitrate, kbit/s (null: no audio): which stream the viewer got, the
   * studio one (256) or the thin one (64). From bytes per packet at Opus' 20 ms packets, so a
   * stream renewed within the window still reads right.
   */
  audioKbps: number | null;
}

const ZERO_COUNTERS = {
  framesDecoded: 0,
  freezeCount: 0,
  totalFreezesDuration: 0,
  nackCount: 0,
  pliCount: 0,
  firCount: 0,
  packetsLost: 0,
  packetsReceived: 0,
  bytesReceived: 0,
};

const mostCommon = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '-';
};

// packetsLost is net of duplicates and late arrivals, so over a window it can even fall.
const lossPercent = (lost: number, received: number) =>
  round((Math.max(0, lost) / Math.max(1, Math.max(0, lost) + received)) * 100, 2);

/** Opus packets a second at the 20 ms frames browsers send. */
const OPUS_PACKETS_PER_S = 50;

export function viewerRow(window: ViewerWindow): ViewerRow {
  const { before, after, seconds } = window;
  const perMin = 60 / seconds;
  const v1 = after.video;
  // A new stream within the window (the viewer consumed anew) counts from zero.
  const v0 = v1 && before.video?.ssrc !== v1.ssrc ? { ...v1, ...ZERO_COUNTERS } : before.video;
  const video = v0 && v1;
  const sizes = window.widths.map((w, i) => (w ? `${w}x${window.heights[i]}` : '-'));
  const lost = video ? v1.packetsLost - v0.packetsLost : 0;
  const received = video ? v1.packetsReceived - v0.packetsReceived : 0;
  const a1 = after.audio;
  // Likewise a renewed audio consumer (sfu:renew-consumer: resends turned on or off).
  const a0 =
    a1 && before.audio?.ssrc !== a1.ssrc
      ? {
          ...a1,
          totalSamplesReceived: 0,
          concealedSamples: 0,
          concealmentEvents: 0,
          nackCount: 0,
          packetsLost: 0,
          packetsReceived: 0,
          bytesReceived: 0,
        }
      : before.audio;
  const audioPackets = a0 && a1 ? a1.packetsReceived - a0.packetsReceived : 0;
  const played = a0 && a1 ? a1.totalSamplesReceived - a0.totalSamplesReceived : 0;
  const g2g = window.g2gMs;
  return {
    viewer: window.link.label,
    fps: round(video ? (v1.framesDecoded - v0.framesDecoded) / seconds : g2g.length / seconds),
    resolution: window.tier === 'relay' ? `${mostCommon(sizes)} JPEG` : mostCommon(sizes),
    fullWidthPercent: round((window.widths.filter((w) => w >= 1280).length / Math.max(1, window.widths.length)) * 100),
    freezesPerMin: video ? round((v1.freezeCount - v0.freezeCount) * perMin) : 0,
    freezeSPerMin: video ? round((v1.totalFreezesDuration - v0.totalFreezesDuration) * perMin, 2) : 0,
    nacks: video ? v1.nackCount - v0.nackCount : 0,
    plis: video ? v1.pliCount - v0.pliCount + (v1.firCount - v0.firCount) : 0,
    lossPercent: lossPercent(lost, received),
    kbps: video ? round(((v1.bytesReceived - v0.bytesReceived) * 8) / seconds / 1000) : 0,
    g2gP50Ms: g2g.length ? round(percentile(g2g, 50)) : null,
    g2gP95Ms: g2g.length ? round(percentile(g2g, 95)) : null,
    audioConcealedPercent:
      a0 && a1 && played > 0 ? round(((a1.concealedSamples - a0.concealedSamples) / played) * 100, 2) : null,
    audioConcealmentEvents: a0 && a1 ? a1.concealmentEvents - a0.concealmentEvents : null,
    audioNacks: a0 && a1 ? a1.nackCount - a0.nackCount : null,
    audioLossPercent:
      a0 && a1 ? lossPercent(a1.packetsLost - a0.packetsLost, a1.packetsReceived - a0.packetsReceived) : null,
    audioKbps:
      a0 && a1 && audioPackets > 0
        ? round((((a1.bytesReceived - a0.bytesReceived) / audioPackets) * 8 * OPUS_PACKETS_PER_S) / 1000)
        : null,
  };
}

export function hostSummary(run: RunResult, window: HostWindow = run.host) {
  const { before, after, seconds } = window;
  return {
    videoKbps: round(((after.videoBytesSent - before.videoBytesSent) * 8) / seconds / 1000),
    audioKbps: round(((after.audioBytesSent - before.audioBytesSent) * 8) / seconds / 1000),
    keyframeRequestsPerS: round((after.keyframeRequests - before.keyframeRequests) / seconds, 2),
    encodings: after.layers,
    machineCpu: window.cpu,
  };
}

export interface Verdict {
  what: string;
  value: string;
  pass: boolean;
}

/** The targets for each viewer: frame size, frame rate, freezes, audio without gaps. */
export function viewerVerdicts(windows: ViewerWindow[]): Verdict[] {
  const out: Verdict[] = [];
  const rows = windows.map(viewerRow);
  windows.forEach((window, i) => {
    const row = rows[i]!;
    const target = targetFor(window.link);
    const width = Number(row.resolution.split('x')[0]);
    if (target.width)
      out.push({ what: `${row.viewer}: ${target.width} wide`, value: row.resolution, pass: width >= target.width });
    out.push({ what: `${row.viewer}: >= ${target.fps} fps`, value: String(row.fps), pass: row.fps >= target.fps });
    if (target.freezeSPerMin !== null)
      out.push({
        what: `${row.viewer}: < ${target.freezeSPerMin} s of freezes a minute`,
        value: `${row.freezeSPerMin} s`,
        pass: row.freezeSPerMin < target.freezeSPerMin,
      });
    if ((window.link.shape.rateKbit ?? Infinity) >= AUDIO_MIN_RATE_KBIT)
      out.push({
        what: `${row.viewer}: program audio without gaps (< ${AUDIO_MAX_CONCEALED_PERCENT}% concealed)`,
        value: row.audioConcealedPercent === null ? 'no audio' : `${row.audioConcealedPercent}%`,
        pass: row.audioConcealedPercent !== null && row.audioConcealedPercent < AUDIO_MAX_CONCEALED_PERCENT,
      });
  });
  return out;
}

/** The targets, checked on the layered run (and its upload against the single run's). */
export function verdicts(layered: RunResult, single: RunResult | null): Verdict[] {
  const out = viewerVerdicts(layered.viewers);
  const rows = layered.viewers.map(viewerRow);
  if (layered.alone) {
    const alone = viewerRow(layered.alone);
    const together = rows[0]!;
    out.push({
      what: 'constrained viewers do not lower the unconstrained one (same size, >= 90% of its fps alone)',
      value: `alone ${alone.resolution} ${alone.fps} fps, with the others ${together.resolution} ${together.fps} fps`,
      pass: together.resolution === alone.resolution && together.fps >= alone.fps * 0.9,
    });
  }
  const host = hostSummary(layered);
  out.push({
    what: `<= ${KEYFRAME_REQUESTS_PER_S_TARGET} keyframe request a second at the host`,
    value: String(host.keyframeRequestsPerS),
    pass: host.keyframeRequestsPerS <= KEYFRAME_REQUESTS_PER_S_TARGET,
  });
  if (single) {
    // "Today's single stream" is the one stream a viewer who can take it pulls: read while the
    // unconstrained viewer watched alone. Once thin viewers join, their keyframe requests pull the
    // single stream down for everyone (README), and a ratio against that would flatter the layers.
    const baseline = hostSummary(single, single.hostAlone ?? single.host).videoKbps;
    const ratio = host.videoKbps / Math.max(1, baseline);
    const collapsed = host.videoKbps / Math.max(1, hostSummary(single).videoKbps);
    out.push({
      what: `host upload with layers within ${UPLOAD_RATIO_TARGET}x of the single stream${single.hostAlone ? ' sent to one unconstrained viewer' : ''}`,
      value: `${round(ratio, 2)}x (${host.videoKbps} against ${baseline} kbit/s; ${round(collapsed, 2)}x the single stream once all five watched)`,
      pass: ratio <= UPLOAD_RATIO_TARGET,
    });
  }
  return out;
}
