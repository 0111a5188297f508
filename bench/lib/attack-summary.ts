/** The figures of one bench/under-attack.ts run, from its raw snapshots (attack-run.ts). */
import type { RunRaw } from './attack-run.js';
import type { FloodReport } from './flooder-process.js';
import { percentile, round } from './report.js';

export interface RunSummary {
  label: string;
  viewers: number;
  windowSeconds: number;
  host: {
    /** Screen frames handed to the encoder in the window. */
    framesCaptured: number;
    /** Frames the encoder sent; it drops frames when its bandwidth estimate falls (a congested box). */
    framesSent: number;
    fps: number;
    kbps: number;
    cpuPct: number;
    qualityLimitation: string | null;
  };
  delivery: {
    /** What the viewers saw of the screen: frames decoded of the frames captured. The target's figure. */
    ofCaptured: Delivery;
    /** The SFU path alone: frames decoded of the frames the encoder sent. */
    ofSent: Delivery;
    freezes: number;
    packetsLost: number;
    connectedAtEnd: number;
  };
  health: {
    probes: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    failures: number;
    /** Failed probes by status ('429', 'timeout', ...). */
    failuresBy: Record<string, number>;
  };
  box: {
    cpuPct: number;
    /** Time its main threads (server, mediasoup worker) were runnable but waited for a CPU, % of the window. */
    waitedForCpuPct: number;
    rssStartMb: number;
    rssPeakMb: number;
    rssEndMb: number;
  };
  viewersCpuPct: number;
  /** The flood's tallies with, per vector, the requests still unanswered when it stopped. */
  flood: (FloodReport & { unanswered: Record<string, number> }) | null;
}

export interface Delivery {
  /** Per viewer, in %. */
  perViewerPct: number[];
  minPct: number;
  medianPct: number;
  /** Frames the viewers did not decode, over all viewers, in %. */
  lossPct: number;
}

function delivery(decoded: number[], of: number): Delivery {
  const perViewerPct = decoded.map((d) => round((100 * d) / Math.max(1, of), 2));
  const total = decoded.reduce((sum, d) => sum + d, 0);
  return {
    perViewerPct,
    minPct: Math.min(...perViewerPct),
    medianPct: percentile(perViewerPct, 50),
    lossPct: round(100 - (100 * total) / Math.max(1, of * decoded.length), 2),
  };
}

const mb = (bytes: number) => round(bytes / 2 ** 20);
const pctOfCore = (cpuMs: number, seconds: number) => round(cpuMs / 10 / seconds);

export function summarize(raw: RunRaw): RunSummary {
  const { start, end } = raw;
  const seconds = (end.atMs - start.atMs) / 1000;
  const framesSent = end.host.framesSent - start.host.framesSent;
  const framesCaptured = end.host.framesCaptured - start.host.framesCaptured;
  const decoded = end.viewers.perViewer.map((v, i) => v.framesDecoded - start.viewers.perViewer[i]!.framesDecoded);
  const sumOf = (field: 'freezeCount' | 'packetsLost', snapshot: typeof start) =>
    snapshot.viewers.perViewer.reduce((sum, v) => sum + v[field], 0);
  const healthMs = raw.health.map((sample) => sample.ms);
  const rss = [start, ...raw.timeline, end].map((s) => s.boxRssBytes);
  const flood = raw.flood && {
    ...raw.flood,
    unanswered: Object.fromEntries(
      Object.entries(raw.flood.vectors).map(([name, report]) => {
        const r = report!.requests;
        return [name, r.sent - r.accepted - r.refused - r.other];
      }),
    ),
  };
  return {
    label: raw.options.label,
    viewers: raw.viewersJoined,
    windowSeconds: round(seconds),
    host: {
      framesCaptured,
      framesSent,
      fps: round(framesSent / raw.captureSeconds),
      kbps: round(((end.host.bytesSent - start.host.bytesSent) * 8) / raw.captureSeconds / 1000, 0),
      cpuPct: pctOfCore((end.host.cpuUs - start.host.cpuUs) / 1000, seconds),
      qualityLimitation: end.host.qualityLimitationReason,
    },
    delivery: {
      ofCaptured: delivery(decoded, framesCaptured),
      ofSent: delivery(decoded, framesSent),
      freezes: sumOf('freezeCount', end) - sumOf('freezeCount', start),
      packetsLost: sumOf('packetsLost', end) - sumOf('packetsLost', start),
      connectedAtEnd: end.viewers.perViewer.filter((v) => v.connected).length,
    },
    health: {
      probes: healthMs.length,
      p50Ms: round(percentile(healthMs, 50)),
      p99Ms: round(percentile(healthMs, 99)),
      maxMs: round(Math.max(...healthMs)),
      failures: raw.health.filter((sample) => !sample.ok).length,
      failuresBy: raw.health
        .filter((sample) => !sample.ok)
        .reduce<Record<string, number>>((by, { status }) => ({ ...by, [status]: (by[status] ?? 0) + 1 }), {}),
    },
    box: {
      cpuPct: pctOfCore(end.boxCpuMs - start.boxCpuMs, seconds),
      waitedForCpuPct: pctOfCore(end.boxWaitMs - start.boxWaitMs, seconds),
      rssStartMb: mb(start.boxRssBytes),
      rssPeakMb: mb(Math.max(...rss)),
      rssEndMb: mb(end.boxRssBytes),
    },
    viewersCpuPct: pctOfCore((end.viewers.cpuUs - start.viewers.cpuUs) / 1000, seconds),
    flood,
  };
}

/** Per second of the window: the slowest /healthz answer, frames sent and decoded (median viewer), box RSS. */
export function timelineOf(raw: RunRaw) {
  const points = [raw.start, ...raw.timeline];
  return points.slice(1).map((at, i) => {
    const before = points[i]!;
    const seconds = (at.atMs - before.atMs) / 1000;
    const probes = raw.health.filter((s) => s.atMs > before.atMs && s.atMs <= at.atMs).map((s) => s.ms);
    const decoded = at.viewers.perViewer.map((v, j) => v.framesDecoded - before.viewers.perViewer[j]!.framesDecoded);
    return {
      second: round((at.atMs - raw.start.atMs) / 1000),
      healthMaxMs: probes.length ? round(Math.max(...probes)) : NaN,
      sentFps: round((at.host.framesSent - before.host.framesSent) / seconds),
      decodedFpsMedian: round(percentile(decoded, 50) / seconds),
      rssMb: mb(at.boxRssBytes),
    };
  });
}
