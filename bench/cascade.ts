/**
 * Cascading (issue 16): one host to N viewers, in the same run, on one node (every viewer on the
 * origin's router) and spread over two nodes (half on the origin, half on an edge router of
 * another worker process, fed through the cascade pipe: PipeTransports over UDP with the media
 * node's own pipe settings, bench/lib/cascade-pipe.ts). Reports frames delivered, the arrival delay
 * the pipe hop adds (first edge viewer against first origin viewer, frame by frame), the workers'
 * CPU per packet delivered to a viewer (the pipe's own work included), and the keyframe requests
 * reaching the host while 100 viewers join over the two nodes.
 *
 *   npx tsx bench/cascade.ts [--viewers 100 --seconds 10] | --smoke --out DIR
 */
import type { types } from 'mediasoup';
import { pipeToEdge } from './lib/cascade-pipe.js';
import { formatTable, lineChartSvg, machineNote, percentile, round, sleep, writeResults } from './lib/report.js';
import type { SenderCounters, SenderTimeline } from './lib/rtp-sender-process.js';
import { openSfuBench } from './lib/sfu-bench.js';
import { addViewer, createProducer, createRouter, producerCounts, workerCpuUs } from './lib/sfu-harness.js';
import type { SinkReport } from './lib/udp-sinks-process.js';

const TARGET_PIPE_DELAY_P95_MS = 5;
const TARGET_CPU_RATIO = 1.1;
const TARGET_KEYFRAMES_PER_SECOND = 1;
/** The rooms' KEYFRAME_REQUEST_DELAY_MS default. */
const KEYFRAME_DELAY_MS = 1000;

const viewersFrom = (args: Map<string, string | true>, smoke: boolean) =>
  smoke ? 4 : Number(args.get('viewers') ?? 100);
const bench = await openSfuBench({ workers: 2, sinks: (args, smoke) => Math.max(viewersFrom(args, smoke), 100) });
const { args, smoke, outDir, machineBefore, clipOptions, sender, senderPort, sinks, sinkPorts, workers } = bench;
const viewers = viewersFrom(args, smoke);
const windowMs = smoke ? 2000 : Number(args.get('seconds') ?? 10) * 1000;
const warmupMs = smoke ? 1000 : 3000;
const stormViewers = smoke ? 6 : 100;
const stormMs = smoke ? 1000 : 5000;

type Layout = 'one-node' | 'two-nodes';

interface FanoutRow {
  layout: Layout;
  viewers: number;
  viewersOnEdge: number;
  framesInWindow: number;
  /** Complete frames per viewer, % of the frames sent: the median and the 5th-percentile viewer. */
  framesMedianPct: number;
  framesP5Pct: number;
  lossPct: number;
  packetsDelivered: number;
  /**
   * The workers' CPU (origin, and edge) per packet forwarded to a viewer: the host's packets in the
   * window times the viewers. The pipe's copy and the edge's receiving are in the CPU, not in the
   * count, so this is what the cascade costs per viewer packet against one node.
   */
  cpuUsPerPacket: number;
  packetsForwarded: number;
  workerCpuPct: number[];
  /** Arrival at the first edge viewer minus at the first origin viewer, per frame (two nodes only). */
  pipeDelayP50Ms: number | null;
  pipeDelayP95Ms: number | null;
  pipeDelaysMs: number[];
}

interface StormRow {
  layout: Layout;
  viewers: number;
  stormMs: number;
  requestsAtHost: number;
  /** From the first join to the last request reaching the host. */
  spanMs: number;
  maxRequestsPerSecond: number;
  perSecond: number[];
  pass: boolean;
}

/** The host's producer on the origin, and with two nodes the edge's piped copy. */
async function layoutRouters(layout: Layout, delay: number) {
  const origin = await createRouter(workers[0]!);
  const edge = layout === 'two-nodes' ? await createRouter(workers[1]!) : null;
  const { producer, port } = await createProducer(origin, senderPort, delay);
  const pipe = edge ? await pipeToEdge(origin, edge, producer, delay) : null;
  const close = () => {
    pipe?.close();
    edge?.close();
    origin.close();
  };
  /** Viewer i: even ones on the origin, odd ones on the edge (when there is one). */
  const routerOf = (i: number): [types.Router, string] =>
    edge && i % 2 === 1 ? [edge, pipe!.edgeProducer.id] : [origin, producer.id];
  return { origin, edge, producer, port, routerOf, close };
}

async function fanout(layout: Layout): Promise<FanoutRow> {
  const rig = await layoutRouters(layout, KEYFRAME_DELAY_MS);
  try {
    const ssrcs: number[] = [];
    for (let first = 0; first < viewers; first += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, viewers - first) }, async (_, k) => {
          const [router, producerId] = rig.routerOf(first + k);
          ssrcs[first + k] = (await addViewer(router, producerId, sinkPorts[first + k]!)).ssrc;
        }),
      );
    }
    await sender.request('start', { targets: [{ address: '127.0.0.1', port: rig.port }] });
    await sleep(warmupMs);
    const cpuWorkers = rig.edge ? workers : workers.slice(0, 1);
    const startedAt = Date.now();
    const cpuBefore = await Promise.all(cpuWorkers.map(workerCpuUs));
    const inBefore = await producerCounts(rig.producer);
    await sinks.request('reset', { ssrcs, track: [0, 1] });
    await sleep(windowMs);
    const cpuAfter = await Promise.all(cpuWorkers.map(workerCpuUs));
    const inAfter = await producerCounts(rig.producer);
    const elapsedUs = (Date.now() - startedAt) * 1000;
    await sender.request('stop');
    await sleep(500);
    const report = await sinks.request<{ sinks: SinkReport[] }>('report');
    const arrivals = await sinks.request<Record<number, [number, number][]>>('arrivals', { indices: [0, 1] });

    const seen = report.sinks.slice(0, viewers);
    const ticksPerFrame = 90000 / clipOptions.fps;
    const lastTs = Math.max(...seen.map((v) => v.lastTimestamp ?? 0));
    const framesFrom = (ts: number) => Math.round((lastTs - ts) / ticksPerFrame) + 1;
    const shares = seen
      .map((v) => (v.firstTimestamp === null ? 0 : Math.min(1, v.completeFrames / framesFrom(v.firstTimestamp))))
      .sort((a, b) => a - b);
    const delivered = seen.reduce((sum, v) => sum + v.packets, 0);
    const lost = seen.reduce((sum, v) => sum + v.lost, 0);
    const cpuUs = cpuAfter.reduce((sum, cpu, i) => sum + cpu - cpuBefore[i]!, 0);
    const forwarded = (inAfter.packets - inBefore.packets) * viewers;
    let delays: number[] = [];
    if (rig.edge) {
      const atOrigin = new Map(arrivals[0] ?? []);
      delays = (arrivals[1] ?? [])
        .filter(([ts]) => atOrigin.has(ts))
        .map(([ts, at]) => round(at - atOrigin.get(ts)!, 3));
    }
    const firstSeen = seen.find((v) => v.firstTimestamp !== null)?.firstTimestamp ?? lastTs;
    return {
      layout,
      viewers,
      viewersOnEdge: rig.edge ? Math.floor(viewers / 2) : 0,
      framesInWindow: framesFrom(firstSeen),
      framesMedianPct: round(100 * (shares[Math.floor(0.5 * (shares.length - 1))] ?? 0)),
      framesP5Pct: round(100 * (shares[Math.floor(0.05 * (shares.length - 1))] ?? 0)),
      lossPct: round((100 * lost) / Math.max(1, delivered + lost), 2),
      packetsDelivered: delivered,
      cpuUsPerPacket: round(cpuUs / Math.max(1, forwarded), 2),
      packetsForwarded: forwarded,
      workerCpuPct: cpuAfter.map((cpu, i) => round((100 * (cpu - cpuBefore[i]!)) / elapsedUs)),
      pipeDelayP50Ms: delays.length ? round(percentile(delays, 50), 3) : null,
      pipeDelayP95Ms: delays.length ? round(percentile(delays, 95), 3) : null,
      pipeDelaysMs: delays,
    };
  } finally {
    await sender.request('stop');
    rig.close();
  }
}

/** `stormViewers` join within `stormMs`, alternating over the layout's routers, each sending a PLI. */
async function storm(layout: Layout): Promise<StormRow> {
  const rig = await layoutRouters(layout, KEYFRAME_DELAY_MS);
  try {
    await sender.request('start', { targets: [{ address: '127.0.0.1', port: rig.port }] });
    await sleep(warmupMs);
    const stormStart = Date.now();
    for (let i = 0; i < stormViewers; i += 1) {
      const due = stormStart + (i * stormMs) / stormViewers;
      if (due > Date.now()) await sleep(due - Date.now());
      const [router, producerId] = rig.routerOf(i);
      const viewer = await addViewer(router, producerId, sinkPorts[i]!);
      await sinks.request('pli', { index: i, port: viewer.port, mediaSsrc: viewer.ssrc });
    }
    await sleep(Math.max(0, stormStart + stormMs + 2000 - Date.now()));
    const timeline = await sender.request<SenderTimeline>('timeline');
    await sender.request<SenderCounters>('counters');
    const atHost = timeline.keyframeRequestTimes.filter((t) => t >= stormStart);
    // Joins run late on a loaded box: the bins cover every request, however late.
    const spanMs = Math.max(stormMs + 2000, ...atHost.map((t) => t - stormStart + 1));
    const perSecond = Array.from(
      { length: Math.ceil(spanMs / 1000) },
      (_, s) => atHost.filter((t) => t >= stormStart + s * 1000 && t < stormStart + (s + 1) * 1000).length,
    );
    const worst = Math.max(0, ...perSecond);
    return {
      layout,
      viewers: stormViewers,
      stormMs,
      requestsAtHost: atHost.length,
      spanMs,
      maxRequestsPerSecond: worst,
      perSecond,
      pass: worst <= TARGET_KEYFRAMES_PER_SECOND,
    };
  } finally {
    await sender.request('stop');
    rig.close();
  }
}

const fanouts: FanoutRow[] = [];
const storms: StormRow[] = [];
try {
  for (const layout of ['one-node', 'two-nodes'] as const) {
    const row = await fanout(layout);
    fanouts.push(row);
    console.log(
      `${layout}: median viewer ${row.framesMedianPct}% of frames, ${row.cpuUsPerPacket} us CPU per forwarded packet`,
    );
  }
  for (const layout of ['one-node', 'two-nodes'] as const) {
    const row = await storm(layout);
    storms.push(row);
    console.log(
      `${layout} storm: ${row.requestsAtHost} requests at the host, worst second ${row.maxRequestsPerSecond}`,
    );
  }
} finally {
  await bench.close();
}

const [single, cascaded] = fanouts as [FanoutRow, FanoutRow];
const cpuRatio = round(cascaded.cpuUsPerPacket / Math.max(0.001, single.cpuUsPerPacket), 3);
const targets = {
  pipeDelayP95Ms: { target: TARGET_PIPE_DELAY_P95_MS, value: cascaded.pipeDelayP95Ms },
  cpuRatio: { target: TARGET_CPU_RATIO, value: cpuRatio },
  keyframesPerSecond: { target: TARGET_KEYFRAMES_PER_SECOND, value: storms.at(-1)?.maxRequestsPerSecond ?? null },
};
console.log(
  `\n${formatTable(
    [
      'layout',
      'viewers',
      'on edge',
      'frames median',
      'frames p5',
      'loss',
      'us/packet',
      'worker CPU',
      'pipe p50',
      'pipe p95',
    ],
    fanouts.map((r) => [
      r.layout,
      r.viewers,
      r.viewersOnEdge,
      `${r.framesMedianPct}%`,
      `${r.framesP5Pct}%`,
      `${r.lossPct}%`,
      r.cpuUsPerPacket,
      r.workerCpuPct.map((pct) => `${pct}%`).join(' + '),
      r.pipeDelayP50Ms === null ? '' : `${r.pipeDelayP50Ms} ms`,
      r.pipeDelayP95Ms === null ? '' : `${r.pipeDelayP95Ms} ms`,
    ]),
  )}\n\n${formatTable(
    ['storm layout', 'viewers', 'joining in', 'requests at host', 'over', 'worst second'],
    storms.map((r) => [
      r.layout,
      r.viewers,
      `${r.stormMs / 1000} s`,
      r.requestsAtHost,
      `${round(r.spanMs / 1000)} s`,
      r.maxRequestsPerSecond,
    ]),
  )}\n`,
);
console.log(
  `pipe hop p95 ${cascaded.pipeDelayP95Ms} ms (target < ${TARGET_PIPE_DELAY_P95_MS}); CPU per packet ${cpuRatio}x one node (target <= ${TARGET_CPU_RATIO}); keyframe requests at the host ${targets.keyframesPerSecond.value}/s worst (target <= ${TARGET_KEYFRAMES_PER_SECOND})`,
);
const files = writeResults(
  outDir,
  'cascade',
  {
    benchmark: 'cascade',
    smoke,
    date: new Date().toISOString(),
    machine: { before: machineBefore, after: machineNote(), note: 'shared 2-core box; other work ran alongside' },
    clip: clipOptions,
    windowMs,
    targets,
    fanouts: fanouts.map(({ pipeDelaysMs, ...row }) => ({ ...row, pipeDelaySamples: pipeDelaysMs.length })),
    storms,
  },
  {
    '': lineChartSvg({
      title: `Added arrival delay of the pipe hop, frame by frame (${viewers} viewers, half on the edge)`,
      xLabel: 'frame in the window',
      yLabel: 'ms (first edge viewer - first origin viewer)',
      series: [{ name: 'pipe hop', points: cascaded.pipeDelaysMs.map((y, x) => ({ x, y })) }],
      guides: [{ y: TARGET_PIPE_DELAY_P95_MS, label: 'p95 target' }],
    }),
    storm: lineChartSvg({
      title: `Keyframe requests at the host (${stormViewers} viewers join in ${stormMs / 1000} s)`,
      xLabel: 'second since the first join',
      yLabel: 'requests in that second',
      series: storms.map((r) => ({ name: r.layout, points: r.perSecond.map((y, x) => ({ x: x + 1, y })) })),
      guides: [{ y: TARGET_KEYFRAMES_PER_SECOND, label: 'target 1/s' }],
    }),
  },
);
console.log(`wrote ${files.join(', ')}`);
