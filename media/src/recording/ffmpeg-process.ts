import { spawn } from 'node:child_process';
import dgram from 'node:dgram';

/**
 * 'q' ends ffmpeg cleanly (its trailer written) within a few hundred ms while packets flow; no signal
 * comes before 1.5 s, so a busy ffmpeg finishing its queue is never cut short. It reads
 * 'q' and its first SIGINT only between packets, so one whose input went quiet (the producer closed,
 * or it is still probing a stream that never sent anything) stays blocked in its read. A second
 * SIGINT makes that read give up, and ffmpeg still writes its trailer; SIGKILL is the last resort.
 */
const INTERRUPTS_AFTER_MS = [1500, 2500];
const KILL_AFTER_MS = 5000;
const STDERR_KEPT = 4000;

export interface FfmpegRun {
  readonly pid: number | undefined;
  /** Resolves when the process ended, however. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether stop() asked it to end (an exit otherwise is a failure). */
  readonly stopping: boolean;
  /** The end of what it wrote to stderr (its errors), for the log. */
  stderrTail(): string;
  /** 'q' on stdin lets ffmpeg write its trailer; SIGINT, then SIGKILL, if it does not end in time. */
  stop(): Promise<void>;
}

/** Starts `ffmpegBin` with these arguments; stdin stays open so 'q' can end it cleanly. */
export function runFfmpeg(ffmpegBin: string, args: string[]): FfmpegRun {
  const child = spawn(ffmpegBin, ['-hide_banner', '-loglevel', 'warning', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  // A stdin write after ffmpeg died raises EPIPE here; the exit is handled below.
  child.stdin.on('error', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => {
      stderr += String(error);
      resolve({ code: -1, signal: null });
    });
  });
  let stopping = false;
  return {
    pid: child.pid,
    exited,
    get stopping() {
      return stopping;
    },
    stderrTail: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.stdin.end('q');
      const timers = [
        ...INTERRUPTS_AFTER_MS.map((afterMs) => setTimeout(() => child.kill('SIGINT'), afterMs)),
        setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS),
      ];
      await exited;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

/** Runs ffmpeg to completion (post-processing); rejects with its stderr on failure. */
export async function ffmpegToCompletion(ffmpegBin: string, args: string[]): Promise<void> {
  const run = runFfmpeg(ffmpegBin, ['-nostdin', ...args]);
  const { code, signal } = await run.exited;
  if (code !== 0) throw new Error(`ffmpeg failed (${code ?? signal}): ${run.stderrTail().trim()}`);
}

async function bindable(port: number): Promise<boolean> {
  const socket = dgram.createSocket('udp4');
  return new Promise((resolve) => {
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });
}

/**
 * A free even UDP port whose odd neighbour is free too: ffmpeg binds both (RTP, and RTCP beside it,
 * though RTCP arrives muxed on the first).
 */
export async function freeUdpPortPair(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const socket = dgram.createSocket('udp4');
    const port = await new Promise<number>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve(socket.address().port));
    });
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    const even = port % 2 === 0 ? port : port - 1;
    if (even >= 1024 && (await bindable(even)) && (await bindable(even + 1))) return even;
  }
  throw new Error('no free UDP port pair for ffmpeg');
}

/** Resolves once something (ffmpeg) holds `port`, so RTP sent from now on is not lost. */
export async function untilPortTaken(port: number, timeoutMs: number, run: FfmpegRun): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void run.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`ffmpeg exited before listening: ${run.stderrTail().trim()}`);
    if (!(await bindable(port))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('ffmpeg did not start listening in time');
}
