import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './box.js';
import { startManagedProcess } from './managed-process.js';

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
  const redis = startManagedProcess(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { scratchDir: dir },
  );
  await redis.waitUntilReady(() => redis.output().includes('Ready to accept connections'), {
    timeoutMs: 15_000,
    intervalMs: 25,
    what: 'redis-server ready',
  });
  return { url: `redis://127.0.0.1:${port}`, port, stop: redis.stop };
}
