import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './box.js';
import { startManagedProcess } from './managed-process.js';

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
  const role = startManagedProcess(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), [script], {
    name: script,
    cwd: repoRoot,
    // Its own process group: kill() ends tsx, node and the mediasoup workers together.
    processGroup: true,
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
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await role.waitUntilReady(async () => (await fetch(`${baseUrl}/healthz`)).status === 200, {
    timeoutMs: 60_000,
    what: `${script} healthz`,
  });
  return {
    baseUrl,
    port,
    output: role.output,
    stop: role.stop,
    async kill() {
      role.signal('SIGKILL');
      await role.exited;
    },
    terminate() {
      if (role.running()) role.child.kill('SIGTERM');
    },
  };
}
