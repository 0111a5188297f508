import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * `npm run backup|restore|migrate -- args` as an operator runs them (scripts/ops.ts), with `env`
 * naming the box's data (DATA_DIR, DATABASE_URL). Resolves with the output; rejects on a non-zero exit.
 */
export function runOps(command: 'backup' | 'restore' | 'migrate', args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/ops.ts', command, ...args], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`npm run ${command} exited ${code}:\n${output}`)),
    );
  });
}
