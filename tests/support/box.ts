import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boxServerPid } from './box-process.js';
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
  stop(): Promise<void>;
  /** SIGKILLs the server process, as a crash would, and waits for the box to be gone (DATA_DIR is kept). */
  crash(): Promise<void>;
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

/**
 * Starts the real single-box process (`npm start` without its set-up step) on a free port, on a
 * new DATA_DIR, or on `options.dataDir` (a restart, or a restored backup), which stop() then keeps.
 */
export async function startBox(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<Box> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
  const port = await freePort();
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

  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const state = await until(
    async () => {
      // A box that stopped (a bad config) is reported at once, not after the deadline.
      if (child.exitCode !== null || child.signalCode !== null) return 'exited';
      const response = await fetch(`${baseUrl}/healthz`);
      return response.status === 200 ? 'ready' : null;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'box healthz' },
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  });
  if (state === 'exited') {
    await closed; // all of its output
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`box exited early:\n${output}`);
  }

  return {
    baseUrl,
    port,
    pid: child.pid!,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      process.kill(boxServerPid(child.pid!), 'SIGKILL');
      await exited;
    },
  };
}
