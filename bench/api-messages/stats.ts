export interface Summary {
  samples: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** Nearest-rank percentiles, in the samples' own unit (milliseconds throughout this bench). */
export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const sum = sorted.reduce((acc, value) => acc + value, 0);
  return {
    samples: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.length ? sum / sorted.length : 0,
    max: sorted.at(-1) ?? 0,
  };
}
