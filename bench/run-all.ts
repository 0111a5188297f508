/**
 * `npm run bench [-- name ...]`: runs every benchmark (each top-level bench/<name>.ts) or the named
 * ones, one after another so they never compete for the 2 cores, and reports the total time
 * against the 20-minute budget. Each writes bench/results/<name>.json and its chart(s).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOX_NODE_FLAGS } from '../scripts/box/node-flags.js';
import { formatTable } from './lib/report.js';

const BUDGET_MINUTES = 20;
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'run-all.ts')
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2).map((name) => name.replace(/^bench\//, '').replace(/\.ts$/, ''));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`);
  process.exit(2);
}

const results: { name: string; seconds: number; status: number | null }[] = [];
const startedAt = Date.now();
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n=== ${name} ===`);
  const began = Date.now();
  // The benchmarks host the box's code in their own process, so they run with the box's Node flags.
  const run = spawnSync(process.execPath, [...BOX_NODE_FLAGS, '--import', 'tsx', path.join(benchDir, `${name}.ts`)], {
    stdio: 'inherit',
  });
  results.push({ name, seconds: Math.round((Date.now() - began) / 1000), status: run.status });
}
const totalMinutes = (Date.now() - startedAt) / 60_000;
console.log(
  `\n${formatTable(
    ['benchmark', 'seconds', 'exit'],
    results.map((r) => [r.name, r.seconds, r.status ?? 'signal']),
  )}`,
);
console.log(
  `total ${totalMinutes.toFixed(1)} min (budget ${BUDGET_MINUTES} min)${totalMinutes > BUDGET_MINUTES ? ': OVER BUDGET' : ''}`,
);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
