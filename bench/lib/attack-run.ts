/**
 * One run of bench/under-attack.ts: a fresh real box (`npm start`'s process, tests/support/box.ts),
 * a signed-up host sharing its screen on the SFU, `viewers` anonymous guests decoding it over
 * WebRTC, a /healthz probe, and, in the flood run, the flooding process. Every party is its own
 * child process, so none of them slows another's event loop, and the box's CPU and memory are read
 * from /proc for its process tree alone.
 */
import { startBox } from '../../tests/support/box.js';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import type { HostCounters, HostInit } from './attack-host-process.js';
import type { ViewerCounters } from './attack-viewers-process.js';
import { BenchChild } from './child.js';
import type { FloodPlan, FloodReport } from './flooder-process.js';
import type { HealthSample } from './health-probe-process.js';
import { treeCpuMs, treeRssBytes, treeRunQueueWaitMs } from './process-cpu.js';
import { sleep } from './report.js';

export interface RunOptions {
  label: string;
  viewers: number;
  windowSeconds: number;
  video: Omit<HostInit, 'baseUrl' | 'roomId' | 'token'>;
  /** The flood, or null for the quiet run. */
  flood: Partial<FloodPlan> | null;
  floodAddress: string;
  healthIntervalMs: number;
  /** Settling after the viewers connect (bandwidth estimate, first keyframes), and after the flood starts. */
  warmupMs: number;
  rampMs: number;
}

interface ViewersCounters {
  perViewer: ViewerCounters[];
  cpuUs: number;
  atMs: number;
}

/** A snapshot of what every party has counted so far. */
interface Snapshot {
  atMs: number;
  host: HostCounters;
  viewers: ViewersCounters;
  boxCpuMs: number;
  /** The box's main threads' time spent waiting for a CPU (the machine is shared). */
  boxWaitMs: number;
  boxRssBytes: number;
}

export interface RunRaw {
  options: RunOptions;
  start: Snapshot;
  end: Snapshot;
  /** One snapshot per second of the window, for the charts. */
  timeline: Snapshot[];
  health: HealthSample[];
  flood: FloodReport | null;
  /** Viewers that connected (all of them, or the run throws). */
  viewersJoined: number;
  /** How long the host's capture ran in the window (the drains at either end excluded). */
  captureSeconds: number;
}

const child = (file: string) => BenchChild.start(new URL(file, import.meta.url));

async function snapshot(boxPid: number, host: BenchChild, viewers: BenchChild): Promise<Snapshot> {
  const [hostCounters, viewerCounters] = await Promise.all([
    host.request<HostCounters>('counters'),
    viewers.request<ViewersCounters>('counters'),
  ]);
  return {
    atMs: Date.now(),
    host: hostCounters,
    viewers: viewerCounters,
    boxCpuMs: treeCpuMs(boxPid),
    boxWaitMs: treeRunQueueWaitMs(boxPid),
    boxRssBytes: treeRssBytes(boxPid),
  };
}

/**
 * Pauses the host's capture and waits until no party's count moves for 300 ms (at most 5 s): the
 * frames in flight are then decoded or lost for good, so a window between two drained snapshots
 * compares exactly the frames sent in it with the frames decoded of them.
 */
async function drained(boxPid: number, host: BenchChild, viewers: BenchChild): Promise<Snapshot> {
  await host.request('pause');
  const key = (s: Snapshot) => [s.host.framesSent, ...s.viewers.perViewer.map((v) => v.framesDecoded)].join();
  const deadline = Date.now() + 5000;
  let last = await snapshot(boxPid, host, viewers);
  let stableSince = Date.now();
  while (Date.now() - stableSince < 300 && Date.now() < deadline) {
    await sleep(100);
    const next = await snapshot(boxPid, host, viewers);
    if (key(next) !== key(last)) stableSince = Date.now();
    last = next;
  }
  return last;
}

export async function runRoom(options: RunOptions): Promise<RunRaw> {
  const box = await startBox();
  const children: BenchChild[] = [];
  const started = (c: BenchChild) => (children.push(c), c);
  try {
    const call = jsonCaller(box.baseUrl);
    const hostAccount = await signUpUser({ call });
    const created = await call('POST', '/api/rooms/create', {
      token: hostAccount.idToken,
      body: {
        name: 'Under attack',
        baseUrl: box.baseUrl,
        settings: { maxParticipants: 50, allowGuestAccess: true },
      },
    });
    if (created.status !== 201) throw new Error(`room create failed: ${JSON.stringify(created.body)}`);
    const roomId: string = created.body.room.roomId;

    const health = started(child('./health-probe-process.ts'));
    const host = started(child('./attack-host-process.ts'));
    const viewers = started(child('./attack-viewers-process.ts'));
    await health.request('start', { url: `${box.baseUrl}/healthz`, intervalMs: options.healthIntervalMs });
    await host.request('start', { baseUrl: box.baseUrl, roomId, token: hostAccount.idToken, ...options.video });
    const { viewers: viewersJoined } = await viewers.request<{ viewers: number }>('start', {
      baseUrl: box.baseUrl,
      roomId,
      count: options.viewers,
    });
    await sleep(options.warmupMs); // settling, not waiting for a condition

    let flooder: BenchChild | null = null;
    if (options.flood) {
      flooder = started(child('./flooder-process.ts'));
      const target = { baseUrl: box.baseUrl, roomId, localAddress: options.floodAddress };
      await flooder.request('start', { target, plan: options.flood });
      await sleep(options.rampMs); // the flood reaches its pace before the window opens
    }

    const start = await drained(box.pid, host, viewers);
    await host.request('resume');
    const resumedAt = Date.now();
    const timeline: Snapshot[] = [];
    const endAt = Date.now() + options.windowSeconds * 1000;
    while (Date.now() < endAt) {
      await sleep(Math.min(1000, endAt - Date.now()));
      timeline.push(await snapshot(box.pid, host, viewers));
    }
    const captureSeconds = (Date.now() - resumedAt) / 1000; // drained() pauses the capture first thing
    const end = await drained(box.pid, host, viewers);
    const flood = flooder ? await flooder.request<FloodReport>('stop') : null;
    const samples = await health.request<HealthSample[]>('samples', { fromMs: start.atMs, toMs: end.atMs });
    return { options, start, end, timeline, health: samples, flood, viewersJoined, captureSeconds };
  } finally {
    for (const c of children) await c.request('stop').catch(() => undefined);
    await Promise.all(children.map((c) => c.close()));
    await box.stop();
  }
}
