/**
 * SFU fan-out (README "Performance", issue 7): one 1.5 Mbps, 30 fps screen-like VP8 stream to N viewers
 * through mediasoup (1 worker; 2 workers joined by pipeToRouter), beside the peer-to-peer host that
 * sends N copies itself, in the same run.
 *
 *   npx tsx bench/sfu-fanout.ts                # N = 25, 50, 100, 200, 400
 *   npx tsx bench/sfu-fanout.ts --n 50,100     # chosen N
 *   npx tsx bench/sfu-fanout.ts --smoke --out DIR   # N = 3, a few seconds (the npm test variant)
 */
import { runFanout, type FanoutRow, type Tier } from './lib/fanout-scenarios.js';
import { formatTable, lineChartSvg, machineNote, writeResults } from './lib/report.js';
import { openSfuBench } from './lib/sfu-bench.js';
import { PRODUCER_SSRC } from './lib/sfu-harness.js';

const TARGET_VIEWERS_PER_WORKER = 300;
const TARGET_US_PER_PACKET = 20;
/** Mirrors the rooms' KEYFRAME_REQUEST_DELAY_MS default (media/src/config.ts on the rooms branch). */
const KEYFRAME_REQUEST_DELAY_MS = 1000;
const TIERS: Tier[] = ['sfu-1-worker', 'sfu-2-workers', 'p2p'];

const countsFrom = (args: Map<string, string | true>, smoke: boolean) =>
  smoke
    ? [3]
    : String(args.get('n') ?? '25,50,100,200,400')
        .split(',')
        .map(Number);
const bench = await openSfuBench({ workers: 2, sinks: (args, smoke) => Math.max(...countsFrom(args, smoke)) });
const { smoke, outDir, machineBefore, clipOptions, clip, sender, senderPort, sinks, sinkPorts, workers } = bench;
const clipBytes = clip.frames.reduce((sum, frame) => sum + frame.data.length, 0);
const counts = countsFrom(bench.args, smoke);
const rows: FanoutRow[] = [];
try {
  const rig = {
    sender,
    senderPort,
    sinks,
    sinkPorts,
    workers,
    warmupMs: smoke ? 1000 : 2000,
    windowMs: smoke ? 2000 : 8000,
    fps: clipOptions.fps,
    producerSsrc: PRODUCER_SSRC,
    keyFrameRequestDelay: KEYFRAME_REQUEST_DELAY_MS,
  };
  for (const n of counts) {
    for (const tier of TIERS) {
      const row = await runFanout(rig, n, tier);
      rows.push(row);
      console.log(
        `N=${n} ${tier}: ${row.viewersOkPct}% viewers ok, loss ${row.lossPct}%, ${row.fanoutUsPerPacket} µs/packet, ${row.fanoutCpuPct}% CPU`,
      );
    }
  }
} finally {
  await bench.close();
}

const capacity = (tier: Tier) => Math.max(0, ...rows.filter((r) => r.tier === tier && r.pass).map((r) => r.n));
const sfuRows = rows.filter((r) => r.tier !== 'p2p');
const oneWorker = capacity('sfu-1-worker');
const twoWorkers = capacity('sfu-2-workers');
const worstUsPerPacket = Math.max(...sfuRows.map((r) => r.fanoutUsPerPacket));
const p2pFor = (n: number) => rows.find((r) => r.tier === 'p2p' && r.n === n)!;

const table = formatTable(
  [
    'N',
    'tier',
    'viewers>=90%',
    'p5 frames',
    'loss',
    'fan-out CPU',
    'µs/packet',
    'host CPU',
    'host up Mb/s',
    'P2P÷SFU up',
    'P2P÷SFU host CPU',
  ],
  rows.map((r) => {
    const p2p = p2pFor(r.n);
    return [
      r.n,
      r.tier,
      `${r.viewersOkPct}%`,
      `${r.framesP5Pct}%`,
      `${r.lossPct}%`,
      `${r.fanoutCpuPct}%`,
      r.fanoutUsPerPacket,
      `${r.hostCpuPct}%`,
      r.hostUploadMbps,
      r.tier === 'p2p' ? '' : `${(p2p.hostUploadMbps / Math.max(0.01, r.hostUploadMbps)).toFixed(1)}x`,
      r.tier === 'p2p' ? '' : `${(p2p.hostCpuPct / Math.max(0.1, r.hostCpuPct)).toFixed(1)}x`,
    ];
  }),
);
const summary = {
  capacity: { oneWorker, twoWorkers, perWorkerWithTwo: twoWorkers / 2, p2pHost: capacity('p2p') },
  targets: {
    viewersPerWorker: {
      target: TARGET_VIEWERS_PER_WORKER,
      measured: oneWorker,
      met: oneWorker >= TARGET_VIEWERS_PER_WORKER,
    },
    usPerForwardedPacket: {
      target: TARGET_US_PER_PACKET,
      worstMeasured: worstUsPerPacket,
      met: worstUsPerPacket <= TARGET_US_PER_PACKET,
    },
  },
};
console.log(`\n${table}\n`);
console.log(
  `capacity: ${oneWorker} viewers on 1 worker, ${twoWorkers} on 2 workers (largest N tried: ${Math.max(...counts)}); worst ${worstUsPerPacket} µs per forwarded packet`,
);

const byTier = (value: (r: FanoutRow) => number) =>
  TIERS.map((tier) => ({
    name: tier,
    points: rows.filter((r) => r.tier === tier).map((r) => ({ x: r.n, y: value(r) })),
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
      title: 'SFU fan-out: CPU per forwarded packet',
      xLabel: 'viewers (N)',
      yLabel: 'µs of CPU per packet sent',
      series: byTier((r) => r.fanoutUsPerPacket),
      guides: [{ y: TARGET_US_PER_PACKET, label: `target ${TARGET_US_PER_PACKET} µs` }],
      logX: true,
    }),
    delivery: lineChartSvg({
      title: 'SFU fan-out: viewers receiving >= 90% of frames',
      xLabel: 'viewers (N)',
      yLabel: '% of viewers',
      series: byTier((r) => r.viewersOkPct),
      guides: [{ y: 95, label: 'capacity line 95%' }],
      logX: true,
    }),
  },
);
console.log(`wrote ${files.join(', ')}`);
