import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from './until.js';
import { BOX_NODE_FLAGS } from '../../scripts/box/node-flags.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Box {
  baseUrl: string;
  port: number;
  /** The launcher's process id; the server and the mediasoup worker run below it. */
  pid: number;
  dataDir: string;
  output(): string;
  /** SIGTERM, then removes the data directory unless `keepData` (to start a box on it again). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /**
   * SIGKILL to the launcher and everything below it, as a crash or a pulled cable would end it:
   * no goodbye reaches the clients. The data directory stays, for a box started on it again.
   */
  crash(): Promise<void>;
}

/** The process ids below `pid`, deepest last (pgrep -P, level by level). */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when there are none.
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** Where a box runs: a fresh port and data directory unless given (a restart reuses both). */
export interface BoxPlace {
  port?: number;
  dataDir?: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the real single-box process (`npm start` without its set-up step) on a free port. */
export async function startBox(env: Record<string, string> = {}, place: BoxPlace = {}): Promise<Box> {
  const dataDir = place.dataDir ?? mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
  const port = place.port ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [...BOX_NODE_FLAGS, 'scripts/box.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        MEDIASOUP_WORKERS: '1',
        // Free WebRTC ports on loopback: boxes of parallel test runs must not fight over 40000.
        RTC_PORT: '0',
        RTC_LISTEN_IP: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;

  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`box exited early:\n${output}`);
      const response = await fetch(`${baseUrl}/healthz`);
      return response.status === 200;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'box healthz' },
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  });

  return {
    baseUrl,
    port,
    pid: child.pid!,
    dataDir,
    output: () => output,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      for (const pid of [child.pid!, ...descendantsOf(child.pid!)]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}
