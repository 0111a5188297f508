import type { types } from 'mediasoup';
import { BenchChild } from './child.js';
import { machineNote, parseArgs, RESULTS_DIR } from './report.js';
import { PAYLOAD_TYPE, PRODUCER_SSRC, startWorkers } from './sfu-harness.js';
import { makeVp8Clip, type ClipOptions, type Vp8Clip } from './vp8-clip.js';

/** What every SFU benchmark opens with: its arguments, the clip, the RTP sender, the sinks, the workers. */
export interface SfuBench {
  args: Map<string, string | true>;
  smoke: boolean;
  outDir: string;
  machineBefore: ReturnType<typeof machineNote>;
  clipOptions: ClipOptions;
  clip: Vp8Clip;
  /** The host: replays the clip as RTP from `senderPort`. */
  sender: BenchChild;
  senderPort: number;
  /** Counting UDP viewers, `sinkPorts.length` of them. */
  sinks: BenchChild;
  sinkPorts: number[];
  workers: types.Worker[];
  /** Idempotent: closes the sinks, the sender and the workers. */
  close(): Promise<void>;
}

/**
 * The shared opening of sfu-fanout, keyframe-storm and sfu-webrtc-check: parses argv (`--smoke`,
 * `--out DIR`), encodes (or reuses) the screen-like VP8 clip at 1280x720 (640x360 for smoke), and
 * starts the RTP sender and UDP sink processes and `workers` mediasoup workers.
 */
export async function openSfuBench(options: {
  workers: number;
  /** How many UDP sinks to open, from the parsed arguments. */
  sinks: (args: Map<string, string | true>, smoke: boolean) => number;
}): Promise<SfuBench> {
  const args = parseArgs(process.argv.slice(2));
  const smoke = args.has('smoke');
  const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;
  const clipOptions: ClipOptions = smoke
    ? { width: 640, height: 360, fps: 30, seconds: 2, kbps: 1500 }
    : { width: 1280, height: 720, fps: 30, seconds: 6, kbps: 1500 };
  const machineBefore = machineNote();
  const clip = makeVp8Clip(clipOptions);
  const clipBytes = clip.frames.reduce((sum, frame) => sum + frame.data.length, 0);
  console.log(
    `clip: ${clip.frames.length} frames, ${((clipBytes * 8) / clipOptions.seconds / 1e6).toFixed(2)} Mbit/s VP8, load ${machineBefore.loadAverage.join(' ')}`,
  );
  const sender = BenchChild.start(new URL('./rtp-sender-process.ts', import.meta.url));
  const sinks = BenchChild.start(new URL('./udp-sinks-process.ts', import.meta.url));
  let workers: types.Worker[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await sinks.request('closeAll').catch(() => undefined);
    await Promise.all([sender.close(), sinks.close()]);
    for (const worker of workers) worker.close();
  };
  try {
    workers = await startWorkers(options.workers);
    const { port: senderPort } = await sender.request<{ port: number }>('init', {
      clipFile: clip.file,
      fps: clipOptions.fps,
      payloadType: PAYLOAD_TYPE,
      ssrc: PRODUCER_SSRC,
    });
    const { ports: sinkPorts } = await sinks.request<{ ports: number[] }>('open', {
      count: options.sinks(args, smoke),
    });
    return {
      args,
      smoke,
      outDir,
      machineBefore,
      clipOptions,
      clip,
      sender,
      senderPort,
      sinks,
      sinkPorts,
      workers,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
