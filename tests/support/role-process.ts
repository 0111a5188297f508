import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './box.js';
import { until } from './until.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RoleProcess {
  baseUrl: string;
  port: number;
  output(): string;
  /** SIGTERM, then SIGKILL if it lingers. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group: a node that dies without a goodbye. */
  kill(): Promise<void>;
  /** SIGTERM to the role alone (tsx hands it on), not its workers: it drains as under an orchestrator. */
  terminate(): void;
}

/**
 * One role of the scaled setup (`npm run start:api` / `start:media` without the set-up step) as its
 * own process on 127.0.0.1 and a free port, ready once its /healthz answers 200.
 */
export async function startRole(
  script: 'scripts/api.ts' | 'media/src/main.ts',
  env: Record<string, string>,
  { port: wanted }: { port?: number } = {},
): Promise<RoleProcess> {
  // A given port lets a test bring a role back where its callers still point.
  const port = wanted ?? (await freePort());
  let output = '';
  const child: ChildProcess = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), [script], {
    cwd: repoRoot,
    // Its own process group: kill() ends tsx, node and the mediasoup workers together.
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      METRICS_PORT: '0',
      MEDIASOUP_WORKERS: '1',
      RTC_PORT: '0',
      RTC_LISTEN_IP: '127.0.0.1',
      DRAIN_TIMEOUT_S: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  await until(
    async () => {
      if (gone()) throw new Error(`${script} exited early:\n${output}`);
      return (await fetch(`${baseUrl}/healthz`)).status === 200;
    },
    { timeoutMs: 60_000, intervalMs: 100, what: `${script} healthz` },
  ).catch((error: unknown) => {
    if (!gone()) process.kill(-child.pid!, 'SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  });

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  return {
    baseUrl,
    port,
    output: () => output,
    async stop() {
      if (gone()) return;
      signalGroup('SIGTERM');
      const late = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
    },
    async kill() {
      signalGroup('SIGKILL');
      await exited;
    },
    terminate() {
      if (!gone()) child.kill('SIGTERM');
    },
  };
}
