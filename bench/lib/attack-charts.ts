/** bench/under-attack.ts's charts: per second of the window, the quiet run beside the flooded one. */
import type { timelineOf } from './attack-summary.js';
import { lineChartSvg } from './report.js';

type Timeline = ReturnType<typeof timelineOf>;

/** The SVGs by file suffix ('' is under-attack.svg): /healthz, frame delivery, box memory. */
export function attackCharts(timelines: Record<'quiet' | 'flood', Timeline>, healthTargetMs: number) {
  const series = (pick: (p: Timeline[number]) => number, suffix = '') =>
    (['quiet', 'flood'] as const).map((run) => ({
      name: `${run}${suffix}`,
      // Whole seconds on the axis: the two runs' snapshots fall at slightly different times.
      points: timelines[run].map((p) => ({ x: Math.round(p.second), y: pick(p) })),
    }));
  const xLabel = 's into the window';
  return {
    '': lineChartSvg({
      title: '/healthz slowest round trip per second, quiet vs flooded',
      xLabel,
      yLabel: 'ms',
      series: series((p) => p.healthMaxMs),
      guides: [{ y: healthTargetMs, label: 'p99 target' }],
    }),
    delivery: lineChartSvg({
      title: 'Frames per second: host sent, median viewer decoded',
      xLabel,
      yLabel: 'frames/s',
      series: [...series((p) => p.sentFps, ' sent'), ...series((p) => p.decodedFpsMedian, ' decoded')],
    }),
    memory: lineChartSvg({
      title: 'Box RSS (its process tree), quiet vs flooded',
      xLabel,
      yLabel: 'MB',
      series: series((p) => p.rssMb),
    }),
  };
}
