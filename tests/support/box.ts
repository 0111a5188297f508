import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boxServerPid } from './box-process.js';
import { startManagedProcess } from './managed-process.js';
import { BOX_NODE_FLAGS } from '../../scripts/box/node-flags.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Box {
  baseUrl: string;
  port: number;
  /** GET /metrics of this box (its own listener, METRICS_PORT). */
  metricsUrl: string;
  /** The launcher's process id; the server and the mediasoup worker run below it. */
  pid: number;
  dataDir: string;
  /** The pids of the box's mediasoup workers now (a test may SIGKILL one). */
  workerPids(): number[];
  output(): string;
  /** Sends a signal to the box (a drain test sends SIGTERM itself). */
  signal(name: NodeJS.Signals): void;
  /** Resolves with the exit code once the box has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (twice while draining), then removes a data directory startBox made, unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /**
   * SIGKILLs the server process, as a crash or a pulled cable would end it: no goodbye reaches the
   * clients. The data directory stays, for a box started on it again. With `wholeBox`, every
   * process below it dies in the same instant (its ffmpeg and mediasoup workers too), as when the
   * machine or its container goes: a lone server's death leaves its ffmpeg children running.
   */
  crash(options?: { wholeBox?: boolean }): Promise<void>;
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
 * Starts the real single-box process (`npm start` without its set-up step) on a free port and a new
 * DATA_DIR, or on `place` (a restart on the same port, or a restored backup), whose data stop() keeps;
 * over HTTPS when `env` has TLS_CERT and TLS_KEY.
 */
export async function startBox(env: Record<string, string> = {}, place: BoxPlace = {}): Promise<Box> {
  const dataDir = place.dataDir ?? mkdtempSync(path.join(tmpdir(), 'riffroom-box-'));
  const port = place.port ?? (await freePort());
  const metricsPort = env.METRICS_PORT ?? String(await freePort());
  const box = startManagedProcess(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [...BOX_NODE_FLAGS, 'scripts/box.ts'],
    {
      name: 'box',
      cwd: repoRoot,
      // A data directory startBox made goes with the box; a given one (a restart, a restore) stays.
      scratchDir: place.dataDir ? undefined : dataDir,
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
        METRICS_PORT: metricsPort,
        // stop() means now: a test that drains sets DRAIN_TIMEOUT_S itself.
        DRAIN_TIMEOUT_S: '0',
        ...env,
      },
      // A box still draining a live room (a test that set DRAIN_TIMEOUT_S) gets the second SIGTERM,
      // which closes at once; one that hangs even then is killed.
      stopSignals: ['SIGTERM', 'SIGTERM', 'SIGKILL'],
    },
  );
  const scheme = env.TLS_CERT ? 'https' : 'http';
  // HOST: a test on its own network links (tests/support/netns.ts) has the box listen on their address.
  const baseUrl = `${scheme}://${env.HOST ?? '127.0.0.1'}:${port}`;
  await box.waitUntilReady(
    async () =>
      scheme === 'https'
        ? (await httpsStatus(`${baseUrl}/healthz`)) === 200
        : (await fetch(`${baseUrl}/healthz`)).status === 200,
    { timeoutMs: 60_000, what: 'box healthz' },
  );

  return {
    baseUrl,
    port,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    pid: box.pid,
    dataDir,
    workerPids: () => descendants(box.pid).filter((pid) => commandOf(pid).includes('mediasoup-worker')),
    output: box.output,
    signal: (name) => box.signal(name),
    exited: box.exited,
    stop: ({ keepData = false } = {}) => box.stop({ keepScratch: keepData }),
    async crash({ wholeBox = false } = {}) {
      const server = boxServerPid(box.pid);
      const below = wholeBox ? descendants(server) : [];
      process.kill(server, 'SIGKILL');
      for (const pid of below) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // It went with the server.
        }
      }
      await box.exited;
    },
  };
}

/** Every process below `root` (Linux /proc): the box runs tsx, which runs node, which runs the workers. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 4th field, after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}
