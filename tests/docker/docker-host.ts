import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { until } from '../support/until.js';

/**
 * A Docker daemon of the test's own (design.md §8, Containers): Debian's dockerd 20.10 started by
 * hand, its data, its state and its socket in a temporary directory, stopped by its PID.
 *
 * It runs with no bridge, no iptables rules and no IP forwarding: builds and compose services use
 * the host's network (docker/compose.yml does anyway), so the daemon needs none of them, and the
 * machine's network stays as other work on it expects. Teardown still checks: a docker0 bridge,
 * iptables rules or ip_forward that differ from before the start are removed or restored.
 */
export interface DockerHost {
  /** Runs Debian's docker client against this daemon; throws with its output when it fails. */
  docker(args: string[], options?: { input?: string | Buffer; cwd?: string }): string;
  /** The environment a docker / docker-compose client needs to reach this daemon. */
  env: NodeJS.ProcessEnv;
  dir: string;
  stop(): Promise<void>;
}

// Debian's client: the one in /usr/local/bin on these machines has no legacy builder fallback.
export const DOCKER = '/usr/bin/docker';
const DEBIAN_PACKAGES = ['docker.io', 'docker-compose', 'debootstrap'];

/** Installs Debian's docker, compose v1 and debootstrap when missing (test-only packages). */
export function ensureDockerPackages(): void {
  const missing = DEBIAN_PACKAGES.filter(
    (name) =>
      spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout !== 'install ok installed',
  );
  if (missing.length === 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env, stdio: 'inherit' });
}

interface NetworkState {
  ipForward: string;
  iptables: string;
}

const readNetworkState = (): NetworkState => ({
  ipForward: readFileSync('/proc/sys/net/ipv4/ip_forward', 'utf8').trim(),
  // Without its comment lines (they carry the time) and packet counters (they move with traffic).
  iptables: (spawnSync('iptables-save', [], { encoding: 'utf8' }).stdout ?? '')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.replace(/ \[\d+:\d+\]$/, ''))
    .join('\n'),
});

/**
 * DOCKER_TEST_DATA_ROOT keeps the daemon's images and build cache in that directory across runs
 * (it is not deleted): a rerun then skips the image builds that nothing changed.
 */
export async function startDockerHost(): Promise<DockerHost> {
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-docker-'));
  const dataRoot = process.env.DOCKER_TEST_DATA_ROOT || path.join(dir, 'data');
  const before = readNetworkState();
  const socket = path.join(dir, 'docker.sock');
  const logFile = path.join(dir, 'dockerd.log');
  const daemon: ChildProcess = spawn(
    'dockerd',
    [
      `--data-root=${dataRoot}`,
      `--exec-root=${path.join(dir, 'exec')}`,
      `--pidfile=${path.join(dir, 'dockerd.pid')}`,
      `--host=unix://${socket}`,
      '--bridge=none',
      '--iptables=false',
      '--ip-forward=false',
      '--ip-masq=false',
    ],
    { stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')] },
  );
  const exited = new Promise<void>((resolve) => daemon.once('exit', () => resolve()));
  const env = { ...process.env, DOCKER_HOST: `unix://${socket}`, DOCKER_BUILDKIT: '0', COMPOSE_DOCKER_CLI_BUILD: '0' };

  const docker = (args: string[], options: { input?: string | Buffer; cwd?: string } = {}): string => {
    const result = spawnSync(DOCKER, args, {
      env,
      input: options.input,
      cwd: options.cwd,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.status !== 0) {
      throw new Error(`docker ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
    return result.stdout;
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (daemon.exitCode === null) daemon.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    if (daemon.exitCode === null) {
      daemon.kill('SIGKILL');
      await exited;
    }
    restoreNetwork(before);
    // Overlay mounts of a daemon killed hard can outlive it; unmount before deleting.
    for (const root of new Set([dir, dataRoot])) {
      spawnSync('sh', ['-c', `grep -o '${root}[^ ]*' /proc/mounts | sort -r | xargs -r -n1 umount -l`]);
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await until(() => daemon.exitCode === null && existsSync(socket) && docker(['version']).includes('Server'), {
      timeoutMs: 60_000,
      intervalMs: 200,
      what: 'dockerd answering',
    });
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\n${readFileSync(logFile, 'utf8').slice(-4000)}`, { cause: error });
  }
  return { docker, env, dir, stop };
}

/** Undoes what a daemon may have changed: the docker0 bridge, iptables rules, ip_forward. */
function restoreNetwork(before: NetworkState): void {
  if (spawnSync('ip', ['link', 'show', 'docker0']).status === 0) spawnSync('ip', ['link', 'delete', 'docker0']);
  const now = readNetworkState();
  if (now.iptables !== before.iptables) {
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'riffroom-iptables-')), 'rules');
    writeFileSync(saved, `${before.iptables}\n`);
    // An empty "before" means no table was loaded: flush every table docker touched.
    if (before.iptables.trim() === '') {
      for (const table of ['filter', 'nat', 'mangle', 'raw']) {
        spawnSync('iptables', ['-t', table, '-F']);
        spawnSync('iptables', ['-t', table, '-X']);
      }
      spawnSync('iptables', ['-P', 'FORWARD', 'ACCEPT']);
    } else {
      spawnSync('iptables-restore', [saved]);
    }
    rmSync(path.dirname(saved), { recursive: true, force: true });
  }
  if (now.ipForward !== before.ipForward) writeFileSync('/proc/sys/net/ipv4/ip_forward', before.ipForward);
}

/** What teardown promised: no bridge, the iptables rules and ip_forward as before the start. */
export function networkLeftAsFound(before: NetworkState): string[] {
  const now = readNetworkState();
  const faults: string[] = [];
  if (spawnSync('ip', ['link', 'show', 'docker0']).status === 0) faults.push('docker0 still exists');
  if (now.iptables !== before.iptables) faults.push('iptables rules differ');
  if (now.ipForward !== before.ipForward) faults.push(`ip_forward is ${now.ipForward}, was ${before.ipForward}`);
  return faults;
}

export { readNetworkState, type NetworkState };
