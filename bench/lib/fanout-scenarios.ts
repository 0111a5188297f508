/**
 * One measured run of the fan-out benchmark: the same clip from the same sender process either
 * through the SFU (1 worker, or 2 workers joined by pipeToRouter) or straight to every viewer, as
 * the peer-to-peer host does. Viewers are counting UDP sinks in their own process.
 */
import { readFileSync } from 'node:fs';
import type { types } from 'mediasoup';
import type { BenchChild } from './child.js';
import { round, sleep } from './report.js';
import type { SenderCounters } from './rtp-sender-process.js';
import { addViewer, createProducer, createRouter, producerCounts, workerCpuUs } from './sfu-harness.js';
import type { SinkReport } from './udp-sinks-process.js';

export type Tier = 'sfu-1-worker' | 'sfu-2-workers' | 'p2p';

export interface FanoutRig {
  sender: BenchChild;
  senderPort: number;
  sinks: BenchChild;
  sinkPorts: number[];
  workers: types.Worker[];
  warmupMs: number;
  windowMs: number;
  fps: number;
  producerSsrc: number;
  keyFrameRequestDelay: number;
}

export interface FanoutRow {
  n: number;
  tier: Tier;
  /** The SFU core (bench/lib/sfu-variants.ts); the P2P tier uses none. */
  variant: string;
  /** Viewers' transports encrypt (SRTP) as WebRTC viewers' do. */
  srtp: boolean;
  windowMs: number;
  /** Frames the sender sent in the window, by the RTP timestamps the viewers saw. */
  framesInWindow: number;
  /** Frames the sender process counted between its two reads (a little wider than the window). */
  framesSent: number;
  /** Share of viewers with >= 90% of the frames, complete. */
  viewersOkPct: number;
  /** The 5th-percentile viewer's complete frames, % of frames sent. */
  framesP5Pct: number;
  framesMedianPct: number;
  lossPct: number;
  /** Loss on the way into the SFU (the producer's own stats): the worker did not read in time. */
  ingressLossPct: number;
  packetsDelivered: number;
  /** Packets the forwarding side sent: the worker(s) for the SFU, the host for P2P. */
  packetsForwarded: number;
  /** CPU of whoever fans out (worker(s) or the P2P host), % of one core. */
  fanoutCpuPct: number;
  fanoutUsPerPacket: number;
  perWorkerCpuPct: number[];
  /** The host's own process: the RTP sender. */
  hostCpuPct: number;
  /** Frame slots the host skipped because it was not scheduled in time. */
  hostFramesSkipped: number;
  hostUploadMbps: number;
  sinkCpuPct: number;
  udpReceiveBufferErrors: number;
  pass: boolean;
}

/** Kernel-wide UDP drops for a full receive buffer: tells sink overload apart from SFU loss. */
function udpRcvbufErrors(): number {
  const lines = readFileSync('/proc/net/snmp', 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('Udp:'));
  const [names, values] = lines.map((line) => line.split(/\s+/));
  const index = names?.indexOf('RcvbufErrors') ?? -1;
  return index > 0 ? Number(values?.[index] ?? 0) : 0;
}

/** The sinks' counts once every queued packet is read: totals stop moving for 300 ms. */
async function drainedReport(sinks: BenchChild): Promise<{ sinks: SinkReport[]; cpuUs: number }> {
  let report = await sinks.request<{ sinks: SinkReport[]; cpuUs: number }>('report');
  const total = (r: typeof report) => r.sinks.reduce((sum, sink) => sum + sink.packets, 0);
  for (let tries = 0; tries < 30; tries += 1) {
    await sleep(300);
    const next = await sinks.request<{ sinks: SinkReport[]; cpuUs: number }>('report');
    const settled = total(next) === total(report);
    report = next;
    if (settled) break;
  }
  return report;
}

/** Something started on the SFU producer for the whole run (bench/recording.ts records it); returns its stop. */
export type AlongsideFanout = (producer: types.Producer, router: types.Router) => Promise<() => Promise<void>>;

export async function runFanout(
  rig: FanoutRig,
  n: number,
  tier: Tier,
  options: { variant: string; srtp: boolean; alongside?: AlongsideFanout },
): Promise<FanoutRow> {
  const routers: types.Router[] = [];
  const cpuWorkers = tier === 'sfu-1-worker' ? rig.workers.slice(0, 1) : tier === 'sfu-2-workers' ? rig.workers : [];
  // Producers whose inbound packets each worker fans out, and to how many transports.
  const fanouts: { producer: types.Producer; copies: number }[] = [];
  let stopAlongside: (() => Promise<void>) | undefined;
  try {
    let target = { address: '127.0.0.1', port: 0 };
    const targets: { address: string; port: number }[] = [];
    const ssrcs: number[] = [];
    if (tier === 'p2p') {
      targets.push(...rig.sinkPorts.slice(0, n).map((port) => ({ address: '127.0.0.1', port })));
      ssrcs.push(...targets.map(() => rig.producerSsrc));
    } else {
      for (const worker of cpuWorkers) routers.push(await createRouter(worker));
      const { producer, port } = await createProducer(routers[0]!, rig.senderPort, rig.keyFrameRequestDelay);
      target = { address: '127.0.0.1', port };
      targets.push(target);
      const producers = [producer];
      if (routers[1]) {
        const { pipeProducer } = await routers[0]!.pipeToRouter({ producerId: producer.id, router: routers[1] });
        producers.push(pipeProducer!);
      }
      const perRouter = routers.map(() => 0);
      // Alternate viewers between the routers: half on each worker.
      for (let first = 0; first < n; first += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, n - first) }, (_, k) => {
            const index = first + k;
            const r = index % routers.length;
            perRouter[r]! += 1;
            return addViewer(routers[r]!, producer.id, rig.sinkPorts[index]!, options.srtp).then((viewer) => {
              ssrcs[index] = viewer.ssrc;
            });
          }),
        );
      }
      // Worker 0 also sends one copy down the pipe to worker 1.
      producers.forEach((p, r) =>
        fanouts.push({ producer: p, copies: perRouter[r]! + (r === 0 && routers[1] ? 1 : 0) }),
      );
      if (options.alongside) stopAlongside = await options.alongside(producer, routers[0]!);
    }

    await rig.sender.request('start', { targets });
    await sleep(rig.warmupMs);

    // Rates are over the time between the two snapshots, not the window alone: on a starved box
    // the sinks' reset can take seconds, and the CPU spent meanwhile is in the deltas too.
    const snapshotFrom = Date.now();
    const before = {
      sender: await rig.sender.request<SenderCounters>('counters'),
      cpu: await Promise.all(cpuWorkers.map(workerCpuUs)),
      counts: await Promise.all(fanouts.map((f) => producerCounts(f.producer))),
      drops: udpRcvbufErrors(),
      sinkCpu: (await rig.sinks.request<{ cpuUs: number }>('report')).cpuUs,
    };
    await rig.sinks.request('reset', { ssrcs, encrypted: options.srtp && tier !== 'p2p' });
    await sleep(rig.windowMs);
    const after = {
      sender: await rig.sender.request<SenderCounters>('counters'),
      cpu: await Promise.all(cpuWorkers.map(workerCpuUs)),
      counts: await Promise.all(fanouts.map((f) => producerCounts(f.producer))),
      drops: udpRcvbufErrors(),
    };
    const elapsedUs = (Date.now() - snapshotFrom) * 1000;
    await rig.sender.request('stop');
    const report = await drainedReport(rig.sinks);

    const viewers = report.sinks.slice(0, n);
    const framesSent = after.sender.framesSent - before.sender.framesSent;
    // Frames by RTP timestamp (capture time, one per 1/fps slot, skipped slots included), which
    // every tier passes through unchanged, so a starved process answering late cannot skew them. The stream's end is common (the sinks were drained after the
    // sender stopped); each viewer's window starts at its first packet after the reset.
    const seen = viewers.filter((v) => v.firstTimestamp !== null && v.lastTimestamp !== null);
    const ticksPerFrame = 90000 / rig.fps;
    const lastTs = Math.max(...seen.map((v) => v.lastTimestamp!));
    const firstTs = Math.min(...seen.map((v) => v.firstTimestamp!));
    const framesFrom = (ts: number) => Math.round((lastTs - ts) / ticksPerFrame) + 1;
    const framesInWindow = seen.length === 0 ? framesSent : framesFrom(firstTs);
    const frameShares = viewers.map((v) =>
      v.firstTimestamp === null ? 0 : Math.min(1, v.completeFrames / framesFrom(v.firstTimestamp)),
    );
    const ingressIn = fanouts[0] ? after.counts[0]!.packets - before.counts[0]!.packets : 0;
    const ingressLost = fanouts[0] ? after.counts[0]!.lost - before.counts[0]!.lost : 0;
    const delivered = viewers.reduce((s, v) => s + v.packets, 0);
    const lost = viewers.reduce((s, v) => s + v.lost, 0);
    const lossPct = (100 * lost) / Math.max(1, delivered + lost);
    const viewersOkPct = (100 * frameShares.filter((share) => share >= 0.9).length) / n;
    const hostCpuUs =
      after.sender.cpuUserUs + after.sender.cpuSystemUs - before.sender.cpuUserUs - before.sender.cpuSystemUs;
    const workerDeltaUs = after.cpu.map((cpu, i) => cpu - before.cpu[i]!);
    const forwarded =
      tier === 'p2p'
        ? after.sender.packetsSent - before.sender.packetsSent
        : fanouts.reduce((s, f, i) => s + (after.counts[i]!.packets - before.counts[i]!.packets) * f.copies, 0);
    const fanoutCpuUs = tier === 'p2p' ? hostCpuUs : workerDeltaUs.reduce((s, v) => s + v, 0);
    const sorted = [...frameShares].sort((a, b) => a - b);
    return {
      n,
      tier,
      variant: tier === 'p2p' ? '' : options.variant,
      srtp: tier !== 'p2p' && options.srtp,
      windowMs: rig.windowMs,
      framesInWindow,
      framesSent,
      viewersOkPct: round(viewersOkPct),
      framesP5Pct: round(100 * (sorted[Math.floor(0.05 * (sorted.length - 1))] ?? 0)),
      framesMedianPct: round(100 * (sorted[Math.floor(0.5 * (sorted.length - 1))] ?? 0)),
      lossPct: round(lossPct, 2),
      ingressLossPct: round((100 * ingressLost) / Math.max(1, ingressIn + ingressLost), 2),
      packetsDelivered: delivered,
      packetsForwarded: forwarded,
      fanoutCpuPct: round((100 * fanoutCpuUs) / elapsedUs),
      fanoutUsPerPacket: round(fanoutCpuUs / Math.max(1, forwarded), 2),
      perWorkerCpuPct: workerDeltaUs.map((us) => round((100 * us) / elapsedUs)),
      hostCpuPct: round((100 * hostCpuUs) / elapsedUs),
      hostFramesSkipped: after.sender.framesSkipped - before.sender.framesSkipped,
      hostUploadMbps: round(((after.sender.bytesSent - before.sender.bytesSent) * 8) / elapsedUs, 2),
      sinkCpuPct: round((100 * (report.cpuUs - before.sinkCpu)) / elapsedUs),
      udpReceiveBufferErrors: after.drops - before.drops,
      pass: viewersOkPct >= 95 && lossPct < 1,
    };
  } finally {
    await rig.sender.request('stop');
    await stopAlongside?.();
    for (const router of routers) router.close();
  }
}
