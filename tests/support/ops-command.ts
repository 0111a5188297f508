import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runToCompletion } from './managed-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `npm run backup|restore|migrate -- args` as an operator runs them (scripts/ops.ts), with `env`
 * naming the box's data (DATA_DIR, DATABASE_URL). Resolves with the output; rejects on a non-zero exit.
 */
export function runOps(command: 'backup' | 'restore' | 'migrate', args: string[], env: Record<string, string>) {
  return runToCompletion(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/ops.ts', command, ...args], {
    name: `npm run ${command}`,
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
}
