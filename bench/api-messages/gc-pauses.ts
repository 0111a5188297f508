import { constants, PerformanceObserver, performance, type PerformanceEntry } from 'node:perf_hooks';

export interface GcPauses {
  /** Pauses that began inside the window. */
  count: number;
  scavenges: number;
  /** Mark-sweep-compact and incremental-marking finalisation steps. */
  major: number;
  totalMs: number;
  maxMs: number;
}

interface Pause {
  startedAt: number;
  durationMs: number;
  major: boolean;
}

/**
 * Records this process's garbage-collection pauses, so a scenario's latency tail can be set beside
 * the pauses the API's process took while it was measured (a pause stalls every request in flight).
 */
export function recordGcPauses() {
  const pauses: Pause[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      const kind = entry.detail?.kind ?? 0;
      pauses.push({
        startedAt: performance.timeOrigin + entry.startTime,
        durationMs: entry.duration,
        major: kind !== constants.NODE_PERFORMANCE_GC_MINOR,
      });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    /** Pauses that began between two epoch times in milliseconds (the load client's window). */
    within(startedAt: number, endedAt: number): GcPauses {
      const inside = pauses.filter((pause) => pause.startedAt >= startedAt && pause.startedAt <= endedAt);
      return {
        count: inside.length,
        scavenges: inside.filter((pause) => !pause.major).length,
        major: inside.filter((pause) => pause.major).length,
        totalMs: inside.reduce((sum, pause) => sum + pause.durationMs, 0),
        maxMs: Math.max(0, ...inside.map((pause) => pause.durationMs)),
      };
    },
    stop: () => observer.disconnect(),
  };
}
