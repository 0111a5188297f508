/**
 * Relay fan-out (README "Performance", issue 7): the host sends real 1280x720 JPEG frames (ffmpeg's
 * testsrc2, 100-150 kB like the host's adaptive quality aims for) at 10 fps to N Socket.IO guests,
 * a fifth of them on a slow link (a proxy carrying 2 Mbit/s, a fifth of the stream). Frames
 * delivered to fast guests must not drop because slow ones exist. Three runs per N, side by side:
 *   relay-calm   our relay (the real box process), no slow guests;
 *   relay        our relay with the slow guests (per-guest lanes: a busy guest skips to the newest frame);
 *   naive        the baseline: a plain Socket.IO server broadcasting every frame to every guest,
 *                with the same slow guests, whose frames then queue on the server.
 * Each reports the fast guests' delivered share of the frames sent, the slow guests' frame age and
 * how far behind they are when the host stops, and the server's CPU per delivered megabyte.
 *
 *   npx tsx bench/relay-fanout.ts [--guests 10,25,50,100] | --smoke --out DIR
 * writes <out>/relay-fanout.json and .svg charts (out defaults to bench/results). `--smoke` is 3
 * guests for 2 s, run by `npm test` so the benchmark keeps working.
 */
import { io, type Socket } from 'socket.io-client';
import { jsonCaller, signUpUser } from '../server/src/testing/test-api.js';
import { startBox } from '../tests/support/box.js';
import { BenchChild } from './lib/child.js';
import { makeJpegFrames, readStamp, stampJpeg } from './lib/jpeg-frames.js';
import { treeCpuMs } from './lib/process-cpu.js';
import {
  formatTable,
  lineChartSvg,
  machineNote,
  parseArgs,
  percentile,
  RESULTS_DIR,
  round,
  sleep,
  writeResults,
} from './lib/report.js';
import { startThrottleProxy } from './lib/throttle-proxy.js';

const args = parseArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const FPS = 10;
const SECONDS = smoke ? 2 : 8;
const DRAIN_MS = 1000;
const SLOW_LINK_KBPS = 2000;
const SLOW_SHARE = smoke ? 0.34 : 0.2;
const TARGET_FAST_DELIVERED_PCT = 95;
const GUEST_COUNTS = smoke
  ? [3]
  : String(args.get('guests') ?? '10,25,50,100')
      .split(',')
      .map(Number);
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;
type Mode = 'relay-calm' | 'relay' | 'naive';
const MODES: Mode[] = ['relay-calm', 'relay', 'naive'];

interface GuestLog {
  slow: boolean;
  agesMs: number[];
  bytes: number;
  lastSeq: number;
}

interface Target {
  url: string;
  slowUrl: string;
  /** Process whose tree's CPU is the server's. */
  pid: number;
  /** Host's socket auth and a room to join. */
  hostAuth: Record<string, string>;
  roomId: string;
}

async function connect(url: string, auth: Record<string, string> = {}): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], auth, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function scenario(target: Target, frames: Buffer[], guests: number, slowShare: number) {
  const host = await connect(target.url, target.hostAuth);
  await host.emitWithAck('join-room', { roomId: target.roomId });
  const slowCount = Math.round(guests * slowShare);
  const logs: GuestLog[] = [];
  const sockets: Socket[] = [];
  const addGuest = async (slow: boolean) => {
    const socket = await connect(slow ? target.slowUrl : target.url);
    await socket.emitWithAck('join-room', { roomId: target.roomId });
    await socket.emitWithAck('relay:subscribe', { roomId: target.roomId, subscribe: true });
    const log: GuestLog = { slow, agesMs: [], bytes: 0, lastSeq: -1 };
    // The relay waits for this ack before the guest's next frame; the naive broadcast sends none.
    socket.on('screen-frame', ({ frame }: { frame: ArrayBuffer }, ack?: () => void) => {
      const bytes = Buffer.from(frame);
      const { sentAt, seq } = readStamp(bytes);
      log.agesMs.push(Date.now() - sentAt);
      log.bytes += bytes.length;
      log.lastSeq = Math.max(log.lastSeq, seq);
      ack?.();
    });
    logs.push(log);
    sockets.push(socket);
  };
  // Ten at a time: joining 100 guests one by one would take much of the 20-minute budget.
  for (let i = 0; i < guests; i += 10) {
    const batch = Array.from({ length: Math.min(10, guests - i) }, (_, k) => addGuest(i + k < slowCount));
    await Promise.all(batch);
  }

  const total = FPS * SECONDS;
  let refused = 0;
  let sentBytes = 0;
  const cpuBefore = treeCpuMs(target.pid);
  for (let seq = 0; seq < total; seq += 1) {
    const tick = sleep(1000 / FPS);
    const frame = stampJpeg(frames[seq % frames.length]!, Date.now(), seq);
    sentBytes += frame.length;
    host.emit('screen-frame', { roomId: target.roomId, frame }, (ack: { ok: boolean }) => {
      if (!ack.ok) refused += 1;
    });
    await tick;
  }
  // How far behind each slow guest is the moment the host stops: the naive broadcast's backlog.
  const behindAtEnd = logs.filter((log) => log.slow).map((log) => total - 1 - log.lastSeq);
  await sleep(DRAIN_MS);
  const cpuMs = treeCpuMs(target.pid) - cpuBefore;
  const deliveredBytes = logs.reduce((sum, log) => sum + log.bytes, 0);
  for (const socket of [host, ...sockets]) socket.close();

  const summarize = (group: GuestLog[]) => {
    const delivered = group.map((log) => (100 * log.agesMs.length) / total);
    const ages = group.flatMap((log) => log.agesMs);
    return {
      guests: group.length,
      deliveredMinPct: round(Math.min(...delivered)),
      deliveredMedianPct: round(percentile(delivered, 50)),
      ageP50Ms: round(percentile(ages, 50)),
      ageP95Ms: round(percentile(ages, 95)),
      ageMaxMs: round(Math.max(...ages)),
    };
  };
  return {
    guests,
    slowShare,
    framesSent: total,
    meanFrameKB: round(sentBytes / total / 1000),
    refused,
    fast: summarize(logs.filter((log) => !log.slow)),
    slow: slowCount > 0 ? { ...summarize(logs.filter((log) => log.slow)), framesBehindAtEnd: behindAtEnd } : null,
    serverCpuMs: round(cpuMs),
    deliveredMB: round(deliveredBytes / 1e6, 2),
    cpuMsPerMB: round(cpuMs / (deliveredBytes / 1e6), 2),
  };
}

type Row = Awaited<ReturnType<typeof scenario>> & { mode: Mode };

function charts(rows: Row[]): Record<string, string> {
  const series = (pick: (row: Row) => number, modes: Mode[] = MODES) =>
    modes.map((mode) => ({
      name: mode,
      points: rows.filter((row) => row.mode === mode).map((row) => ({ x: row.guests, y: pick(row) })),
    }));
  return {
    '': lineChartSvg({
      title: `Relay fan-out: worst fast guest's delivered frames (${FPS} fps JPEG)`,
      xLabel: 'guests (N)',
      yLabel: '% of frames sent',
      series: series((row) => row.fast.deliveredMinPct),
      guides: [{ y: TARGET_FAST_DELIVERED_PCT, label: `target ${TARGET_FAST_DELIVERED_PCT}%` }],
    }),
    'slow-age': lineChartSvg({
      title: 'Slow guests (2 Mbit/s link): frame age p95',
      xLabel: 'guests (N)',
      yLabel: 'ms from host send to guest',
      series: series((row) => row.slow?.ageP95Ms ?? NaN, ['relay', 'naive']),
    }),
    cpu: lineChartSvg({
      title: 'Server CPU per delivered megabyte',
      xLabel: 'guests (N)',
      yLabel: 'CPU ms per MB',
      series: series((row) => row.cpuMsPerMB),
    }),
  };
}

async function main() {
  const frames = makeJpegFrames({ width: 1280, height: 720, count: 10 });
  const machineBefore = machineNote();
  const box = await startBox();
  const naive = BenchChild.start(new URL('./lib/naive-broadcast-process.ts', import.meta.url));
  const proxies: { close(): Promise<void> }[] = [];
  const rows: Row[] = [];
  try {
    const call = jsonCaller(box.baseUrl);
    const hostAccount = await signUpUser({ call });
    const { port: naivePort } = await naive.request<{ port: number }>('listen');
    const boxProxy = await startThrottleProxy(box.port, SLOW_LINK_KBPS);
    const naiveProxy = await startThrottleProxy(naivePort, SLOW_LINK_KBPS);
    proxies.push(boxProxy, naiveProxy);
    for (const guests of GUEST_COUNTS) {
      for (const mode of MODES) {
        let target: Target;
        if (mode === 'naive') {
          target = {
            url: `http://127.0.0.1:${naivePort}`,
            slowUrl: `http://127.0.0.1:${naiveProxy.port}`,
            pid: naive.pid!,
            hostAuth: {},
            roomId: `naive${guests}`,
          };
        } else {
          const created = await call('POST', '/api/rooms/create', {
            token: hostAccount.idToken,
            body: { name: 'bench', settings: { maxParticipants: guests + 1 } },
          });
          target = {
            url: box.baseUrl,
            slowUrl: `http://127.0.0.1:${boxProxy.port}`,
            pid: box.pid,
            hostAuth: { token: hostAccount.idToken },
            roomId: (created.body as { room: { roomId: string } }).room.roomId,
          };
        }
        const row = { mode, ...(await scenario(target, frames, guests, mode === 'relay-calm' ? 0 : SLOW_SHARE)) };
        rows.push(row);
        console.log(
          `N=${guests} ${mode}: fast min ${row.fast.deliveredMinPct}%, slow age p95 ${row.slow?.ageP95Ms ?? '-'} ms, ${row.cpuMsPerMB} CPU ms/MB (load ${machineNote().loadAverage[0]})`,
        );
      }
    }
  } finally {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await naive.close();
    await box.stop();
  }

  const header = [
    'N',
    'mode',
    'fast delivered min/median %',
    'fast age p50/p95 ms',
    'slow delivered %',
    'slow age p50/p95/max ms',
    'slow behind at end (frames, max)',
    'CPU ms/MB',
  ];
  const table = rows.map((row) => [
    row.guests,
    row.mode,
    `${row.fast.deliveredMinPct} / ${row.fast.deliveredMedianPct}`,
    `${row.fast.ageP50Ms} / ${row.fast.ageP95Ms}`,
    row.slow ? row.slow.deliveredMedianPct : '-',
    row.slow ? `${row.slow.ageP50Ms} / ${row.slow.ageP95Ms} / ${row.slow.ageMaxMs}` : '-',
    row.slow ? Math.max(...row.slow.framesBehindAtEnd) : '-',
    row.cpuMsPerMB,
  ]);
  console.log(formatTable(header, table));
  const ratios = GUEST_COUNTS.map((guests) => {
    const relay = rows.find((row) => row.guests === guests && row.mode === 'relay')!;
    const naiveRow = rows.find((row) => row.guests === guests && row.mode === 'naive')!;
    const ratio = {
      guests,
      fastDeliveredRelayOverNaive: round(relay.fast.deliveredMinPct / naiveRow.fast.deliveredMinPct, 3),
      slowAgeP95NaiveOverRelay: round((naiveRow.slow?.ageP95Ms ?? NaN) / (relay.slow?.ageP95Ms ?? NaN), 2),
      cpuPerMBRelayOverNaive: round(relay.cpuMsPerMB / naiveRow.cpuMsPerMB, 2),
    };
    console.log(
      `N=${guests}: relay/naive fast delivered ${ratio.fastDeliveredRelayOverNaive}x; slow guests' frame age p95 naive/relay ${ratio.slowAgeP95NaiveOverRelay}x; CPU per MB relay/naive ${ratio.cpuPerMBRelayOverNaive}x`,
    );
    return ratio;
  });
  const json = {
    smoke,
    machine: machineBefore,
    machineAfter: machineNote(),
    fps: FPS,
    seconds: SECONDS,
    slowLinkKbps: SLOW_LINK_KBPS,
    slowShare: SLOW_SHARE,
    targetFastDeliveredPct: TARGET_FAST_DELIVERED_PCT,
    frameSource: 'ffmpeg testsrc2 1280x720 + temporal noise, JPEG q 4, 10 distinct frames',
    rows,
    ratios,
  };
  writeResults(outDir, 'relay-fanout', json, charts(rows));
}

await main();
