import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** Runs `bench/<name>.ts --smoke` as `npm run bench` would, into a temp dir; returns its JSON. */
export async function runSmokeBench(name: string): Promise<{ json: any; dir: string; stdout: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench', `${name}.ts`), '--smoke', '--out', dir],
    { cwd: repoRoot, timeout: 170_000, maxBuffer: 10 * 1024 * 1024 },
  );
  return { json: JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')), dir, stdout };
}
