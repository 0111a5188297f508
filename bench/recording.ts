/**
 * Recording (issue 17): what one recorded track costs, and proof that a recording in progress does
 * not disturb fan-out. In one run:
 *  1. 100 SFU viewers of the synthetic 1.5 Mbit/s VP8 screen, without a recording, then with the
 *     screen recorded (the media node's own TrackCapture: PlainTransport into ffmpeg -c copy);
 *  2. an Opus track (an ffmpeg tone, as a talker's microphone) recorded alone.
 * CPU per track = the capturing ffmpeg's CPU over its life, plus the worker's extra CPU with the
 * capture consumer, each as a share of one core.
 *
 *   npx tsx bench/recording.ts [--viewers 100] | --smoke --out DIR
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TrackCapture } from '../media/src/recording/track-capture.js';
import { produceOpusTone } from '../tests/support/opus-tone.js';
import { runFanout, type FanoutRow } from './lib/fanout-scenarios.js';
import { treeCpuMs } from './lib/process-cpu.js';
import { formatTable, machineNote, round, sleep, writeResults } from './lib/report.js';
import { openSfuBench } from './lib/sfu-bench.js';
import { PRODUCER_SSRC, workerCpuUs } from './lib/sfu-harness.js';

const viewersFrom = (args: Map<string, string | true>, smoke: boolean) =>
  smoke ? 5 : Number(args.get('viewers') ?? 100);
const bench = await openSfuBench({ workers: 1, sinks: viewersFrom });
const { args, smoke, outDir, machineBefore } = bench;
const viewers = viewersFrom(args, smoke);
const worker = bench.workers[0]!;
const scratch = mkdtempSync(path.join(tmpdir(), 'riffroom-bench-recording-'));
const windowMs = smoke ? 2000 : 10_000;
const rig = {
  sender: bench.sender,
  senderPort: bench.senderPort,
  sinks: bench.sinks,
  sinkPorts: bench.sinkPorts,
  workers: bench.workers,
  warmupMs: smoke ? 1000 : 2000,
  windowMs,
  fps: bench.clipOptions.fps,
  producerSsrc: PRODUCER_SSRC,
  keyFrameRequestDelay: 1000,
};

interface TrackCost {
  track: 'screen (VP8 -> webm)' | 'talker (Opus -> ogg)';
  ffmpegCorePct: number;
  workerDeltaCorePct: number;
  totalCorePct: number;
  bytesPerSecond: number;
}

/** ffmpeg's CPU over the capture's life, as a share of one core. */
function ffmpegShare(pid: number, cpuMsBefore: number, startedAt: number): number {
  return (100 * (treeCpuMs(pid) - cpuMsBefore)) / Math.max(1, Date.now() - startedAt);
}

async function fileBytes(file: string): Promise<number> {
  const { stat } = await import('node:fs/promises');
  return stat(file).then(
    (s) => s.size,
    () => 0,
  );
}

try {
  // 1. Fan-out, without then with the screen recorded (same sender, sinks and worker).
  const plain = await runFanout(rig, viewers, 'sfu-1-worker', { variant: 'box', srtp: true });
  let screenCost: Omit<TrackCost, 'workerDeltaCorePct' | 'totalCorePct'> | undefined;
  const recorded = await runFanout(rig, viewers, 'sfu-1-worker', {
    variant: 'box',
    srtp: true,
    alongside: async (producer, router) => {
      const file = path.join(scratch, 'screen.webm');
      const capture = await TrackCapture.start(router, producer, file, 'ffmpeg');
      const startedAt = Date.now();
      const before = treeCpuMs(capture.pid!);
      return async () => {
        const share = ffmpegShare(capture.pid!, before, startedAt);
        const seconds = (Date.now() - startedAt) / 1000;
        await capture.stop();
        screenCost = {
          track: 'screen (VP8 -> webm)',
          ffmpegCorePct: round(share, 2),
          bytesPerSecond: Math.round((await fileBytes(file)) / seconds),
        };
      };
    },
  });

  // 2. One Opus talker: the worker alone, then with its capture.
  const router = await worker.createRouter({
    mediaCodecs: [{ kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 }],
  });
  const input = await router.createPlainTransport({ listenIp: '127.0.0.1', rtcpMux: true, comedia: true });
  const { producer, stop: stopTone } = await produceOpusTone(input, { hz: 440, ssrc: 0x0a0d10, kbps: 64 });
  await sleep(1000);
  const audioWindowMs = smoke ? 2000 : 8000;
  const idleFrom = Date.now();
  const idleCpu = await workerCpuUs(worker);
  await sleep(audioWindowMs);
  const idleShare = ((await workerCpuUs(worker)) - idleCpu) / 10 / (Date.now() - idleFrom);
  const talkerFile = path.join(scratch, 'talker.ogg');
  const capture = await TrackCapture.start(router, producer, talkerFile, 'ffmpeg');
  const capturedFrom = Date.now();
  const ffmpegBefore = treeCpuMs(capture.pid!);
  const workerBefore = await workerCpuUs(worker);
  await sleep(audioWindowMs);
  const withShare = ((await workerCpuUs(worker)) - workerBefore) / 10 / (Date.now() - capturedFrom);
  const talkerFfmpeg = ffmpegShare(capture.pid!, ffmpegBefore, capturedFrom);
  const talkerSeconds = (Date.now() - capturedFrom) / 1000;
  await capture.stop();
  stopTone();
  router.close();

  const screenWorkerDelta = recorded.fanoutCpuPct - plain.fanoutCpuPct;
  const costs: TrackCost[] = [
    {
      ...screenCost!,
      workerDeltaCorePct: round(screenWorkerDelta, 2),
      totalCorePct: round(screenCost!.ffmpegCorePct + Math.max(0, screenWorkerDelta), 2),
    },
    {
      track: 'talker (Opus -> ogg)',
      ffmpegCorePct: round(talkerFfmpeg, 2),
      workerDeltaCorePct: round(withShare - idleShare, 2),
      totalCorePct: round(talkerFfmpeg + Math.max(0, withShare - idleShare), 2),
      bytesPerSecond: Math.round((await fileBytes(talkerFile)) / talkerSeconds),
    },
  ];

  const fanoutRows = [
    { recording: 'no', ...pick(plain) },
    { recording: 'yes (screen)', ...pick(recorded) },
  ];
  console.log(`\n${viewers} SFU viewers of the VP8 screen, ${windowMs / 1000} s windows, same run`);
  console.log(table(fanoutRows));
  console.log('\nCPU per recorded track (% of one core)');
  console.log(table(costs.map((cost) => ({ ...cost }))));
  const noDifference =
    recorded.framesMedianPct >= plain.framesMedianPct - 1 &&
    recorded.lossPct < 1 &&
    recorded.viewersOkPct >= plain.viewersOkPct - 2;
  console.log(
    `\nfan-out undisturbed by the recording (median frames no more than 1 point lower, loss < 1%): ${noDifference}`,
  );
  writeResults(
    outDir,
    'recording',
    {
      machine: { before: machineBefore, after: machineNote() },
      viewers,
      windowMs,
      fanout: { withoutRecording: plain, withRecording: recorded },
      perTrack: costs,
      fanoutUndisturbed: noDifference,
    },
    {},
  );
} finally {
  await bench.close();
  rmSync(scratch, { recursive: true, force: true });
}

function table(rows: Record<string, string | number>[]): string {
  const headers = Object.keys(rows[0] ?? {});
  return formatTable(
    headers,
    rows.map((row) => headers.map((header) => row[header]!)),
  );
}

function pick(row: FanoutRow) {
  return {
    viewersOkPct: row.viewersOkPct,
    framesMedianPct: row.framesMedianPct,
    framesP5Pct: row.framesP5Pct,
    lossPct: row.lossPct,
    workerCpuPct: row.fanoutCpuPct,
    usPerPacket: row.fanoutUsPerPacket,
  };
}
