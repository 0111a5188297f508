import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './box.js';
import { until } from './until.js';

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A real redis-server (Debian's package) of the test's own: loopback, a free port, a temporary
 * directory, no persistence. Stopped by its own PID.
 */
export async function startRedisServer({ port: wanted }: { port?: number } = {}): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-redis-'));
  // A given port lets a test stop Redis and bring it back where its clients reconnect.
  const port = wanted ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;

  try {
    await until(
      () => {
        if (child.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
        return output.includes('Ready to accept connections');
      },
      { timeoutMs: 15_000, what: 'redis-server ready' },
    );
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
