import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
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
  stop(): Promise<void>;
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
 * The box's health over its own HTTPS (TLS_CERT): test certificates are self-signed, and what this
 * probes is that the box answers, not who signed its certificate.
 */
function httpsStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .once('error', reject);
  });
}

/**
 * Starts the real single-box process (`npm start` without its set-up step) on a free port; over
 * HTTPS when `env` has TLS_CERT and TLS_KEY.
 */
export async function startBox(env: Record<string, string> = {}): Promise<Box> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
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
  const scheme = env.TLS_CERT ? 'https' : 'http';
  const baseUrl = `${scheme}://127.0.0.1:${port}`;

  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`box exited early:\n${output}`);
      if (scheme === 'https') return (await httpsStatus(`${baseUrl}/healthz`)) === 200;
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
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
