/**
 * SFU fan-out (README "Performance", issues 7 and 22): one 1.5 Mbps, 30 fps screen-like VP8 stream to N
 * viewers through mediasoup, beside the peer-to-peer host that sends N copies itself, in the same
 * run. Viewers are plain RTP transports, and SRTP-encrypting ones (as WebRTC viewers are), so the
 * per-packet figure can include encryption. The SFU cores compared (bench/lib/sfu-variants.ts):
 * mediasoup 3.12.16 (the baseline before issue 22), 3.19.3 without io_uring, 3.19.3.
 *
 *   npx tsx bench/sfu-fanout.ts                 # every core, RTP and SRTP, N = 400..2000 on 1 worker
 *   npx tsx bench/sfu-fanout.ts --n 100,800 --variants 3.19.3 --srtp off
 *   npx tsx bench/sfu-fanout.ts --two-workers   # also the 2-worker (pipeToRouter) tier
 *   npx tsx bench/sfu-fanout.ts --smoke --out DIR    # N = 3, 3.19.3 on 1 and 2 workers (npm test)
 */
import { runFanout, type FanoutRow, type Tier } from './lib/fanout-scenarios.js';
import { formatTable, lineChartSvg, machineNote, writeResults } from './lib/report.js';
import { openSfuBench } from './lib/sfu-bench.js';
import { PRODUCER_SSRC, startWorkers } from './lib/sfu-harness.js';
import { loadVariant, VARIANTS, type VariantName } from './lib/sfu-variants.js';
import { loadMediaConfig } from '../media/src/config.js';

/** Issue 22's targets for mediasoup 3.19.3 on one worker, plain RTP. */
const TARGET_VIEWERS_PER_WORKER = 1500;
const TARGET_US_PER_PACKET = 3.5;
/** Mirrors the rooms' KEYFRAME_REQUEST_DELAY_MS default (media/src/config.ts). */
const KEYFRAME_REQUEST_DELAY_MS = 1000;

const list = (value: string | true | undefined, fallback: string) =>
  String(typeof value === 'string' ? value : fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const countsFrom = (args: Map<string, string | true>, smoke: boolean) =>
  smoke ? [3] : list(args.get('n'), '400,800,1200,1500,2000').map(Number);

const bench = await openSfuBench({ workers: 0, sinks: (args, smoke) => Math.max(...countsFrom(args, smoke)) });
const { smoke, outDir, machineBefore, clipOptions, clip, sender, senderPort, sinks, sinkPorts } = bench;
const clipBytes = clip.frames.reduce((sum, frame) => sum + frame.data.length, 0);
const counts = countsFrom(bench.args, smoke);
const variantNames = list(bench.args.get('variants'), smoke ? '3.19.3' : VARIANTS.join(',')) as VariantName[];
for (const name of variantNames) if (!VARIANTS.includes(name)) throw new Error(`unknown variant ${name}`);
const srtpModes = list(bench.args.get('srtp'), 'off,on').map((mode) => mode === 'on');
const tiers: Tier[] = smoke || bench.args.has('two-workers') ? ['sfu-1-worker', 'sfu-2-workers'] : ['sfu-1-worker'];
const workerBin = loadMediaConfig(process.env).workerBin;
const rows: FanoutRow[] = [];
const log = (row: FanoutRow) =>
  console.log(
    `N=${row.n} ${row.tier} ${row.variant}${row.srtp ? ' SRTP' : ''}: ${row.viewersOkPct}% viewers ok, loss ${row.lossPct}%, ${row.fanoutUsPerPacket} µs/packet, ${row.fanoutCpuPct}% CPU`,
  );
try {
  const rig = {
    sender,
    senderPort,
    sinks,
    sinkPorts,
    workers: [] as Awaited<ReturnType<typeof startWorkers>>,
    warmupMs: smoke ? 1000 : 2000,
    windowMs: smoke ? 2000 : 8000,
    fps: clipOptions.fps,
    producerSsrc: PRODUCER_SSRC,
    keyFrameRequestDelay: KEYFRAME_REQUEST_DELAY_MS,
  };
  // The cores take turns on the same box, sender and sinks: each N is measured for every core
  // before the next N, so a change in the box's load hits all of them alike.
  const variants = variantNames.map((name) => loadVariant(name, workerBin));
  for (const n of counts) {
    for (const variant of variants) {
      rig.workers = await startWorkers(tiers.includes('sfu-2-workers') ? 2 : 1, variant);
      try {
        for (const srtp of srtpModes) {
          for (const tier of tiers) {
            const row = await runFanout(rig, n, tier, { variant: variant.name, srtp });
            rows.push(row);
            log(row);
          }
        }
      } finally {
        for (const worker of rig.workers) worker.close();
      }
    }
    const p2p = await runFanout(rig, n, 'p2p', { variant: '', srtp: false });
    rows.push(p2p);
    log(p2p);
  }
} finally {
  await bench.close();
}

const seriesKey = (r: FanoutRow) => (r.tier === 'p2p' ? 'p2p host' : `${r.variant}${r.srtp ? ' SRTP' : ''} ${r.tier}`);
const keys = [...new Set(rows.map(seriesKey))];
const capacityOf = (key: string) => Math.max(0, ...rows.filter((r) => seriesKey(r) === key && r.pass).map((r) => r.n));
const worstUsOf = (key: string) =>
  Math.max(...rows.filter((r) => seriesKey(r) === key).map((r) => r.fanoutUsPerPacket));
const capacities = Object.fromEntries(
  keys.map((key) => [key, { viewers: capacityOf(key), worstUsPerPacket: worstUsOf(key) }]),
);
const headline = capacities['3.19.3 sfu-1-worker'];
const p2pFor = (n: number) => rows.find((r) => r.tier === 'p2p' && r.n === n)!;

const table = formatTable(
  [
    'N',
    'SFU core',
    'viewers',
    'viewers>=90%',
    'p5 frames',
    'loss',
    'in loss',
    'worker CPU',
    'µs/packet',
    'P2P÷SFU host up',
  ],
  rows.map((r) => [
    r.n,
    r.tier === 'p2p' ? 'p2p host' : `${r.variant} ${r.tier === 'sfu-2-workers' ? '(2 workers)' : ''}`.trim(),
    r.tier === 'p2p' ? 'RTP' : r.srtp ? 'SRTP' : 'RTP',
    `${r.viewersOkPct}%`,
    `${r.framesP5Pct}%`,
    `${r.lossPct}%`,
    `${r.ingressLossPct}%`,
    `${r.fanoutCpuPct}%`,
    r.fanoutUsPerPacket,
    r.tier === 'p2p' ? '' : `${(p2pFor(r.n).hostUploadMbps / Math.max(0.01, r.hostUploadMbps)).toFixed(1)}x`,
  ]),
);
const summary = {
  capacities,
  targets: headline && {
    viewersPerWorker: {
      target: TARGET_VIEWERS_PER_WORKER,
      measured: headline.viewers,
      met: headline.viewers >= TARGET_VIEWERS_PER_WORKER,
    },
    usPerForwardedPacket: {
      target: TARGET_US_PER_PACKET,
      worstMeasured: headline.worstUsPerPacket,
      met: headline.worstUsPerPacket <= TARGET_US_PER_PACKET,
    },
  },
};
console.log(`\n${table}\n`);
for (const key of keys) {
  console.log(
    `${key}: capacity ${capacities[key]!.viewers} viewers, worst ${capacities[key]!.worstUsPerPacket} µs/packet`,
  );
}

const byKey = (value: (r: FanoutRow) => number, withP2p: boolean) =>
  keys
    .filter((key) => withP2p || key !== 'p2p host')
    .map((key) => ({
      name: key,
      points: rows.filter((r) => seriesKey(r) === key).map((r) => ({ x: r.n, y: value(r) })),
    }));
const files = writeResults(
  outDir,
  'sfu-fanout',
  {
    benchmark: 'sfu-fanout',
    smoke,
    date: new Date().toISOString(),
    machine: { before: machineBefore, after: machineNote(), note: 'shared 2-core box; other work ran alongside' },
    clip: { ...clipOptions, frames: clip.frames.length, mbps: (clipBytes * 8) / clipOptions.seconds / 1e6 },
    keyFrameRequestDelayMs: KEYFRAME_REQUEST_DELAY_MS,
    summary,
    rows,
  },
  {
    '': lineChartSvg({
      title: 'SFU fan-out: worker CPU per forwarded packet',
      xLabel: 'viewers (N)',
      yLabel: 'µs of CPU per packet sent',
      series: byKey((r) => r.fanoutUsPerPacket, false),
      guides: [{ y: TARGET_US_PER_PACKET, label: `target ${TARGET_US_PER_PACKET} µs (RTP)` }],
      logX: true,
    }),
    delivery: lineChartSvg({
      title: 'SFU fan-out: viewers receiving >= 90% of frames',
      xLabel: 'viewers (N)',
      yLabel: '% of viewers',
      series: byKey((r) => r.viewersOkPct, true),
      guides: [{ y: 95, label: 'capacity line 95%' }],
      logX: true,
    }),
  },
);
console.log(`wrote ${files.join(', ')}`);
