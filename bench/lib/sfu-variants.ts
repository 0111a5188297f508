/**
 * The SFU cores the fan-out benchmark compares in one run (issue 22): the media node's mediasoup
 * 3.19.3 with io_uring sends and without (its disableLiburing setting), and 3.12.16, the core
 * before the upgrade, kept only for this comparison.
 *
 * 3.12.16 lives apart from the workspace: its JavaScript in .setup/mediasoup-3.12-baseline
 * (scripts/mediasoup-3.12-baseline/package.json), its worker built by the same
 * scripts/build-mediasoup-worker.sh into .setup/mediasoup-worker-3.12.16. Both packages load into
 * one process: 3.12 reads MEDIASOUP_WORKER_BIN once, when it is required, and 3.19 at every
 * createWorker(), so the variable points at 3.12's worker only while 3.12 loads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Mediasoup } from '../../media/src/sfu/load-mediasoup.js';

export type VariantName = '3.19.3' | '3.19.3-no-io_uring' | '3.12.16';
export const VARIANTS: VariantName[] = ['3.12.16', '3.19.3-no-io_uring', '3.19.3'];

export interface SfuVariant {
  name: VariantName;
  mediasoup: Mediasoup;
  /** Passed to createWorker; 3.12 has no io_uring and ignores it. */
  disableLiburing: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const baselineDir = path.join(root, '.setup', 'mediasoup-3.12-baseline');
const baselineWorker = path.join(root, '.setup', 'mediasoup-worker-3.12.16');

function run(command: string, args: string[], cwd = root): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`failed: ${command} ${args.join(' ')}`);
}

/** Installs 3.12.16's JavaScript and builds its worker, once (both steps are stamped). */
function ensureBaseline(): void {
  const pkg = path.join(baselineDir, 'node_modules', 'mediasoup');
  if (!existsSync(path.join(pkg, 'package.json'))) {
    mkdirSync(baselineDir, { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) {
      copyFileSync(path.join(root, 'scripts', 'mediasoup-3.12-baseline', file), path.join(baselineDir, file));
    }
    run('npm', ['install', '--no-audit', '--no-fund', '--strict-allow-scripts', '--prefix', baselineDir]);
  }
  run('bash', [path.join(root, 'scripts', 'build-mediasoup-worker.sh'), pkg, baselineWorker]);
}

/** Loads one variant's mediasoup; `workerBin` is the media node's (3.19.3) worker. */
export function loadVariant(name: VariantName, workerBin: string): SfuVariant {
  const require = createRequire(import.meta.url);
  if (name === '3.12.16') {
    ensureBaseline();
    process.env.MEDIASOUP_WORKER_BIN = baselineWorker;
    const mediasoup = require(path.join(baselineDir, 'node_modules', 'mediasoup')) as Mediasoup;
    process.env.MEDIASOUP_WORKER_BIN = workerBin;
    return { name, mediasoup, disableLiburing: false };
  }
  process.env.MEDIASOUP_WORKER_BIN = workerBin;
  const mediasoup = require(createRequire(path.join(root, 'media', 'package.json')).resolve('mediasoup')) as Mediasoup;
  return { name, mediasoup, disableLiburing: name === '3.19.3-no-io_uring' };
}
