/**
 * The latency benchmark's arithmetic on what the pages recorded (bench/lib/latency-pages.ts): each
 * join's timeline of requests and marks, the steps' medians across joins, and the receiver and
 * sender statistics behind the glass-to-glass tail.
 */
import type { LatencyProbe, SenderStats } from './latency-pages.js';
import { percentile, round } from './report.js';

export interface Step {
  what: string;
  startMs: number;
  durationMs: number | null;
}

/** A page's resource timings: path, start and end (performance.now() ms). */
export interface ResourceTiming {
  name: string;
  start: number;
  end: number;
}

/** The probe's requests and marks, and the page's own resources, relative to `zero`, in start order. */
export function buildTimeline(resources: ResourceTiming[], probe: LatencyProbe, zero: number): Step[] {
  const steps: { what: string; start: number; end: number | null }[] = [
    ...resources
      .filter((r) => !probe.requests.some((q) => r.name.endsWith(q.what.split(' ')[1] ?? '\u0000')))
      .map((r) => ({
        what: `load ${r.name.replace(/-[A-Za-z0-9_]{8}\./, '.')}`,
        start: r.start,
        end: r.end as number | null,
      })),
    ...probe.requests.map((q) => ({ what: q.what, start: q.startAt, end: q.endAt })),
    ...probe.marks.map((m) => ({ what: m.what, start: m.at, end: m.at as number | null })),
  ];
  return steps
    .filter((step) => step.start >= zero)
    .sort((a, b) => a.start - b.start)
    .map((step) => ({
      what: step.what,
      startMs: round(step.start - zero),
      durationMs: step.end === null ? null : round(step.end - step.start),
    }));
}

/** Per step name (its first occurrence in each join): median start and duration across joins. */
export function medianSteps(
  joins: { timeline: Step[] }[],
): { what: string; startP50Ms: number; durationP50Ms: number | null }[] {
  const names: string[] = [];
  for (const join of joins) for (const step of join.timeline) if (!names.includes(step.what)) names.push(step.what);
  const rows = names.map((what) => {
    const steps = joins.map((j) => j.timeline.find((s) => s.what === what)).filter((s): s is Step => !!s);
    const durations = steps.map((s) => s.durationMs).filter((d): d is number => d !== null);
    return {
      what,
      startP50Ms: round(
        percentile(
          steps.map((s) => s.startMs),
          50,
        ),
      ),
      durationP50Ms: durations.length ? round(percentile(durations, 50)) : null,
    };
  });
  return rows.sort((a, b) => a.startP50Ms - b.startP50Ms);
}

/**
 * Where the glass-to-glass time goes on the receiving side: for each decoded frame, Chromium's
 * average jitter-buffer delay, decode time and processing delay (receive to decoded) over the 250 ms
 * stats interval it fell in, so the slowest frames can be set beside the typical ones.
 */
export function receiverBreakdown(probe: LatencyProbe) {
  const frames: { g2gMs: number; jitterBufferMs: number; decodeMs: number; processingMs: number }[] = [];
  const r = probe.receiver;
  for (let i = 1; i < r.length; i += 1) {
    const [a, b] = [r[i - 1]!, r[i]!];
    const emitted = b.jitterBufferEmittedCount - a.jitterBufferEmittedCount;
    const decoded = b.framesDecoded - a.framesDecoded;
    if (emitted <= 0 || decoded <= 0) continue;
    const interval = {
      jitterBufferMs: ((b.jitterBufferDelay - a.jitterBufferDelay) / emitted) * 1000,
      decodeMs: ((b.totalDecodeTime - a.totalDecodeTime) / decoded) * 1000,
      processingMs: ((b.totalProcessingDelay - a.totalProcessingDelay) / decoded) * 1000,
    };
    probe.sampleTimes.forEach((at, k) => {
      if (at > a.at && at <= b.at) frames.push({ g2gMs: probe.samples[k]!, ...interval });
    });
  }
  const last = r.at(-1);
  return {
    frames,
    totals: last
      ? {
          nackCount: last.nackCount,
          pliCount: last.pliCount,
          framesDropped: last.framesDropped,
          packetsLost: last.packetsLost,
          jitterBufferTargetMs: round(
            (last.jitterBufferTargetDelay / Math.max(1, last.jitterBufferEmittedCount)) * 1000,
          ),
        }
      : null,
  };
}

export type FrameBreakdown = ReturnType<typeof receiverBreakdown>['frames'][number];

/** The receiving side's averages for the slowest 5% of frames beside the median half. */
export function tailSummary(frames: FrameBreakdown[]) {
  if (frames.length === 0) return null;
  const p95 = percentile(
    frames.map((f) => f.g2gMs),
    95,
  );
  const p50 = percentile(
    frames.map((f) => f.g2gMs),
    50,
  );
  const mean = (group: FrameBreakdown[], key: keyof FrameBreakdown) =>
    round(group.reduce((sum, f) => sum + f[key], 0) / Math.max(1, group.length));
  const describe = (group: FrameBreakdown[]) => ({
    frames: group.length,
    g2gMs: mean(group, 'g2gMs'),
    jitterBufferMs: mean(group, 'jitterBufferMs'),
    decodeMs: mean(group, 'decodeMs'),
    processingMs: mean(group, 'processingMs'),
  });
  return {
    tail: describe(frames.filter((f) => f.g2gMs >= p95)),
    typical: describe(frames.filter((f) => f.g2gMs <= p50)),
  };
}

/** Host's encoder and pacer over a span: averages per frame / packet from two outbound-rtp reads. */
export function senderSummary(before: SenderStats | null, after: SenderStats | null) {
  if (!before || !after) return null;
  const frames = after.framesEncoded - before.framesEncoded;
  const packets = after.packetsSent - before.packetsSent;
  return {
    framesEncoded: frames,
    encodeMs: round(((after.totalEncodeTime - before.totalEncodeTime) / Math.max(1, frames)) * 1000),
    packetSendDelayMs: round(
      ((after.totalPacketSendDelay - before.totalPacketSendDelay) / Math.max(1, packets)) * 1000,
    ),
    nackCount: after.nackCount - before.nackCount,
    pliCount: after.pliCount - before.pliCount,
    qualityLimitationReason: after.qualityLimitationReason,
    framesPerSecond: after.framesPerSecond,
  };
}
