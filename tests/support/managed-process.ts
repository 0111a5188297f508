import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { until } from './until.js';

/**
 * The one way tests (and their support) run a child process: a server they start, wait for, and
 * stop (the box, a role, Redis, Caddy, coturn, the Firebase emulator), or a command they run to its
 * end (`npm run backup`). Its output is kept for failure messages.
 */
export interface ManagedProcessOptions extends Omit<SpawnOptions, 'stdio' | 'detached'> {
  /** What failure messages call it ("box exited early"); the command's file name by default. */
  name?: string;
  /** A temporary directory of its own, removed once it has stopped (or failed to become ready). */
  scratchDir?: string;
  /**
   * Its own process group, whose signals reach whatever it starts too (tsx, node and the mediasoup
   * workers; the Firebase CLI's children). stop() then also ends anything left in the group.
   */
  processGroup?: boolean;
  /** The signals stop() sends in turn while it has not exited; SIGTERM, then SIGKILL, by default. */
  stopSignals?: NodeJS.Signals[];
  /** How long stop() waits for the exit after each signal before sending the next. */
  stopGraceMs?: number;
}

export interface ReadyOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Names the awaited state in the timeout message: 'box healthz'. */
  what: string;
}

export interface ManagedProcess {
  child: ChildProcess;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  running(): boolean;
  /** Resolves with the exit code (null after a signal) once it has exited. */
  exited: Promise<number | null>;
  /** Resolves once it has exited and its output is closed: all of its output is in output(). */
  closed: Promise<void>;
  /** Sends `name` to its process group when it has one, else to it. */
  signal(name: NodeJS.Signals): void;
  /**
   * Polls `probe` (errors count as not yet) until it is true. A process that exits first is reported
   * at once; one that is not ready in time is killed. Either way its scratch directory is removed and
   * the error carries its output.
   */
  waitUntilReady(probe: () => boolean | Promise<boolean>, options: ReadyOptions): Promise<void>;
  /**
   * The stop signals in turn until it exits, then removes its scratch directory unless
   * `keepScratch` (a box stopped to start again on its data). Idempotent.
   */
  stop(options?: { keepScratch?: boolean }): Promise<void>;
}

const DEFAULT_STOP_GRACE_MS = 10_000;
/** How long a failure waits for output still in flight after the exit, before it reports. */
const OUTPUT_DRAIN_MS = 5_000;

export function startManagedProcess(
  command: string,
  args: string[],
  {
    name = path.basename(command),
    scratchDir,
    processGroup = false,
    stopSignals = ['SIGTERM', 'SIGKILL'],
    stopGraceMs = DEFAULT_STOP_GRACE_MS,
    ...spawnOptions
  }: ManagedProcessOptions = {},
): ManagedProcess {
  let output = '';
  const child = spawn(command, args, { ...spawnOptions, detached: processGroup, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    // A command that cannot start (not installed) ends with an 'error' event, and no exit.
    child.once('error', (error) => {
      output += `${String(error)}\n`;
      if (child.pid === undefined) resolve(null);
    });
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  const removeScratch = () => {
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  };
  const signal = (signalName: NodeJS.Signals) => {
    try {
      if (processGroup) process.kill(-child.pid!, signalName);
      else if (running()) child.kill(signalName);
    } catch {
      // Already gone.
    }
  };

  let stopping: Promise<void> | null = null;
  const stop = ({ keepScratch = false } = {}) => {
    stopping ??= (async () => {
      if (child.pid === undefined) return keepScratch ? undefined : removeScratch();
      for (const next of stopSignals) {
        if (!running()) break;
        signal(next);
        if (await settlesWithin(exited, stopGraceMs)) break;
      }
      await exited;
      if (processGroup) signal('SIGKILL'); // anything it left behind in its group
      if (!keepScratch) removeScratch();
    })();
    return stopping;
  };

  return {
    child,
    pid: child.pid ?? -1,
    output: () => output,
    running,
    exited,
    closed,
    signal,
    stop,
    async waitUntilReady(probe, { timeoutMs, intervalMs = 100, what }) {
      const state = await until(async () => (!running() ? 'exited' : (await probe()) ? 'ready' : null), {
        timeoutMs,
        intervalMs,
        what,
      }).catch((error: unknown) => error as Error);
      if (state === 'ready') return;
      if (state === 'exited') {
        await settlesWithin(closed, OUTPUT_DRAIN_MS); // all of its output
        removeScratch();
        throw new Error(`${name} exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
      }
      signal('SIGKILL');
      await exited;
      await settlesWithin(closed, OUTPUT_DRAIN_MS);
      removeScratch();
      throw new Error(`${String(state)}\n${output}`, { cause: state });
    },
  };
}

/**
 * Runs a command to its end, as an operator would: resolves with its output, rejects with it on a
 * non-zero exit.
 */
export async function runToCompletion(
  command: string,
  args: string[],
  options: Omit<ManagedProcessOptions, 'processGroup' | 'stopSignals' | 'stopGraceMs'> = {},
): Promise<string> {
  const run = startManagedProcess(command, args, options);
  const code = await run.exited;
  await settlesWithin(run.closed, OUTPUT_DRAIN_MS);
  await run.stop();
  if (code !== 0) throw new Error(`${options.name ?? path.basename(command)} exited ${code}:\n${run.output()}`);
  return run.output();
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([promise.then(() => true), late]);
  clearTimeout(timer);
  return settled;
}
