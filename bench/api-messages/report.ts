/** The three outputs of the API benchmark: a table on stdout, JSON, and an SVG bar chart. */
import type { LoadResult } from './load-client.js';
import type { FloorResult } from './floor.js';
import type { GcPauses } from './gc-pauses.js';
import type { Summary } from './stats.js';

export const TARGET_P99_MS = 5;

export interface ScenarioResult {
  name: string;
  caller: string;
  endpoint: string;
  request: string;
  /** serverLatency: the same timed requests, measured inside the API's process (server-times.ts). */
  api: LoadResult & { cpuMsPerRequest: number; gcDuringLatency: GcPauses; serverLatency: Summary };
  floor: FloorResult;
  queries: string[];
  plans: string[][];
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

/**
 * The target is judged on the API's own time, measured inside its process (server-times.ts). The
 * round trip from the load process is printed beside it: on this 2-core VM it adds 1-5 ms at p99
 * even to a bare two-process echo (cross-CPU wake-ups), which is the machine, not the API.
 */
const verdict = (p99: number) => (p99 < TARGET_P99_MS ? 'yes' : `no (+${ms(p99 - TARGET_P99_MS)})`);

export function table(results: ScenarioResult[]): string {
  const header = [
    'Scenario',
    'API p50 ms',
    'API p99 ms',
    'in-process p99 ms',
    'req/s',
    'API CPU ms/req',
    'SQL p50 ms',
    'SQL p99 ms',
    'SQL CPU ms',
    'API/SQL p50',
    'GC pauses (max ms)',
    `in-process p99 < ${TARGET_P99_MS} ms`,
  ];
  const rows = results.map((r) => [
    r.name,
    ms(r.api.latency.p50),
    ms(r.api.latency.p99),
    ms(r.api.serverLatency.p99),
    r.api.throughput.requestsPerSecond.toFixed(0),
    ms(r.api.cpuMsPerRequest),
    ms(r.floor.p50),
    ms(r.floor.p99),
    ms(r.floor.cpuMs),
    `${(r.api.latency.p50 / Math.max(r.floor.p50, 0.001)).toFixed(1)}x`,
    `${r.api.gcDuringLatency.count} (${ms(r.api.gcDuringLatency.maxMs)})`,
    verdict(r.api.serverLatency.p99),
  ]);
  const lines = [header, header.map((h) => '-'.repeat(h.length)), ...rows];
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Horizontal bars per scenario: API p50 and p99, the in-process p99 and the raw SQL p50 floor, with the 5 ms target. */
export function chart(results: ScenarioResult[], title: string): string {
  const series = [
    { label: 'API p50', color: '#4c78a8', value: (r: ScenarioResult) => r.api.latency.p50 },
    { label: 'API p99', color: '#f58518', value: (r: ScenarioResult) => r.api.latency.p99 },
    { label: 'in-process p99', color: '#b279a2', value: (r: ScenarioResult) => r.api.serverLatency.p99 },
    { label: 'raw SQL p50 (floor)', color: '#54a24b', value: (r: ScenarioResult) => r.floor.p50 },
  ];
  const left = 230;
  const plotWidth = 480;
  const barHeight = 9;
  const groupHeight = series.length * barHeight + 12;
  const top = 56;
  const height = top + results.length * groupHeight + 30;
  const max = Math.max(TARGET_P99_MS, ...results.map((r) => r.api.latency.p99)) * 1.1;
  const x = (value: number) => left + (Math.min(value, max) / max) * plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + plotWidth + 70}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="18" font-size="14" font-weight="bold">${escape(title)}</text>`,
  ];
  series.forEach((s, i) => {
    parts.push(`<rect x="${10 + i * 150}" y="28" width="10" height="10" fill="${s.color}"/>`);
    parts.push(`<text x="${24 + i * 150}" y="37">${escape(s.label)}</text>`);
  });
  results.forEach((r, row) => {
    const y0 = top + row * groupHeight;
    parts.push(`<text x="${left - 8}" y="${y0 + groupHeight / 2}" text-anchor="end">${escape(r.name)}</text>`);
    series.forEach((s, i) => {
      const value = s.value(r);
      const y = y0 + i * barHeight;
      parts.push(
        `<rect x="${left}" y="${y}" width="${(x(value) - left).toFixed(1)}" height="${barHeight - 2}" fill="${s.color}"/>`,
      );
      parts.push(`<text x="${(x(value) + 4).toFixed(1)}" y="${y + barHeight - 2}" font-size="9">${ms(value)}</text>`);
    });
  });
  const targetX = x(TARGET_P99_MS).toFixed(1);
  const bottom = top + results.length * groupHeight;
  parts.push(
    `<line x1="${targetX}" y1="${top - 6}" x2="${targetX}" y2="${bottom}" stroke="#d62728" stroke-dasharray="4 3"/>`,
  );
  parts.push(
    `<text x="${targetX}" y="${bottom + 14}" text-anchor="middle" fill="#d62728">p99 target ${TARGET_P99_MS} ms</text>`,
  );
  parts.push(`<line x1="${left}" y1="${top - 6}" x2="${left}" y2="${bottom}" stroke="#333"/>`);
  parts.push(`<text x="${left}" y="${bottom + 26}">0 ms</text>`);
  parts.push(`<text x="${left + plotWidth}" y="${bottom + 26}" text-anchor="end">${ms(max)} ms</text>`);
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
