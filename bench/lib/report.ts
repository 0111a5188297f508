/** Tables, percentiles, SVG line charts and result files shared by the benchmarks. */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** A fixed-width text table; numbers right-aligned. */
export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map((cell) => String(cell)))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** What the machine was doing, recorded beside every figure: the box is shared. */
export function machineNote(): { loadAverage: number[]; cpus: number; cpuModel: string; node: string } {
  return {
    loadAverage: os.loadavg().map((v) => round(v, 2)),
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
  };
}

export interface Series {
  name: string;
  points: { x: number; y: number }[];
}

export interface ChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /** Horizontal reference lines, e.g. a target. */
  guides?: { y: number; label: string }[];
  logX?: boolean;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A self-contained SVG line chart: no dependency, readable in a browser or on GitHub. */
export function lineChartSvg(options: ChartOptions): string {
  const width = 720;
  const height = 420;
  const margin = { left: 70, right: 180, top: 40, bottom: 50 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const all = options.series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.y));
  const xs = all.map((p) => p.x);
  const fx = (x: number) => (options.logX ? Math.log10(x) : x);
  const xMin = fx(Math.min(...xs));
  const xMax = fx(Math.max(...xs));
  const yMax = Math.max(...all.map((p) => p.y), ...(options.guides ?? []).map((g) => g.y)) * 1.1 || 1;
  const sx = (x: number) => margin.left + ((fx(x) - xMin) / (xMax - xMin || 1)) * plotW;
  const sy = (y: number) => margin.top + plotH - (y / yMax) * plotH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2 - margin.right / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(options.title)}</text>`,
    `<line x1="${margin.left}" y1="${margin.top + plotH}" x2="${margin.left + plotW}" y2="${margin.top + plotH}" stroke="black"/>`,
    `<line x1="${margin.left}" y1="${margin.top}" x2="${margin.left}" y2="${margin.top + plotH}" stroke="black"/>`,
  ];
  for (let i = 0; i <= 5; i += 1) {
    const y = (yMax / 5) * i;
    parts.push(
      `<line x1="${margin.left - 4}" y1="${sy(y)}" x2="${margin.left + plotW}" y2="${sy(y)}" stroke="#ddd"/>`,
      `<text x="${margin.left - 8}" y="${sy(y) + 4}" text-anchor="end">${round(y, y < 10 ? 1 : 0)}</text>`,
    );
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(`<text x="${sx(x)}" y="${margin.top + plotH + 18}" text-anchor="middle">${x}</text>`);
  }
  parts.push(
    `<text x="${margin.left + plotW / 2}" y="${height - 10}" text-anchor="middle">${escapeXml(options.xLabel)}</text>`,
    `<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(options.yLabel)}</text>`,
  );
  for (const guide of options.guides ?? []) {
    parts.push(
      `<line x1="${margin.left}" y1="${sy(guide.y)}" x2="${margin.left + plotW}" y2="${sy(guide.y)}" stroke="#888" stroke-dasharray="6 4"/>`,
      `<text x="${margin.left + plotW - 4}" y="${sy(guide.y) - 5}" text-anchor="end" fill="#555">${escapeXml(guide.label)}</text>`,
    );
  }
  options.series.forEach((series, index) => {
    const color = COLORS[index % COLORS.length]!;
    const points = series.points.filter((p) => Number.isFinite(p.y));
    parts.push(
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map((p) => `${sx(p.x)},${sy(p.y)}`).join(' ')}"/>`,
      ...points.map((p) => `<circle cx="${sx(p.x)}" cy="${sy(p.y)}" r="3" fill="${color}"/>`),
      `<rect x="${margin.left + plotW + 10}" y="${margin.top + 20 * index + 30}" width="12" height="3" fill="${color}"/>`,
      `<text x="${margin.left + plotW + 28}" y="${margin.top + 20 * index + 35}">${escapeXml(series.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return parts.join('\n');
}

/** Writes <dir>/<name>.json and the given SVGs (<name>.svg, <name>-<suffix>.svg). */
export function writeResults(dir: string, name: string, json: unknown, svgs: Record<string, string>): string[] {
  mkdirSync(dir, { recursive: true });
  const files = [path.join(dir, `${name}.json`)];
  writeFileSync(files[0]!, `${JSON.stringify(json, null, 2)}\n`);
  for (const [suffix, svg] of Object.entries(svgs)) {
    const file = path.join(dir, suffix ? `${name}-${suffix}.svg` : `${name}.svg`);
    writeFileSync(file, `${svg}\n`);
    files.push(file);
  }
  return files;
}

/** `--flag value` and `--flag` from argv. */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const args = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const key = argv[i]!;
    if (!key.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args.set(key.slice(2), next);
      i += 1;
    } else args.set(key.slice(2), true);
  }
  return args;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
