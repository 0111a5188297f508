/**
 * Relay fan-out (design.md §7): the host sends 1280x720-sized JPEG frames at 10 fps through the
 * real single-box process to N guests, some of them throttled (they ack a frame only 400 ms after
 * it arrives, like a guest that paints slowly). Frames delivered to fast guests must not drop
 * because slow ones exist: each N runs with no throttled guests and with 30% throttled, side by
 * side, and the table compares the fast guests of both runs.
 *
 *   npx tsx bench/relay-fanout.ts [--guests 10,25,50,100] | --smoke --out DIR
 * writes <out>/relay-fanout.json and .svg (out defaults to bench/results). `--smoke` is 3 guests
 * for 2 s, run by `npm test` so the benchmark keeps working.
 */
import { io, type Socket } from 'socket.io-client';
import { jsonCaller, signUpUser } from '../server/src/testing/test-api.js';
import { startBox } from '../tests/support/box.js';
import { formatTable, machineNote, parseArgs, percentile, RESULTS_DIR, round, writeResults } from './lib/report.js';

const args = parseArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const FPS = 10;
const SECONDS = smoke ? 2 : 8;
const FRAME_BYTES = 100_000; // A 1280x720 JPEG of a busy screen at the host's adaptive quality.
const THROTTLE_ACK_MS = 400;
// design.md §7 and issue 7: N = 10, 25, 50, 100, a fifth of them throttled, beside a calm run.
const GUEST_COUNTS = smoke
  ? [3]
  : String(args.get('guests') ?? '10,25,50,100')
      .split(',')
      .map(Number);
const THROTTLED_SHARES = smoke ? [0, 0.34] : [0, 0.2];
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;

interface GuestLog {
  throttled: boolean;
  latenciesMs: number[];
}

function frame(seq: number): Buffer {
  const bytes = Buffer.alloc(FRAME_BYTES, seq % 251);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.writeDoubleLE(Date.now(), 4);
  return bytes;
}

async function connect(baseUrl: string, token?: string): Promise<Socket> {
  const socket = io(baseUrl, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function scenario(baseUrl: string, hostToken: string, guests: number, throttledShare: number) {
  const call = jsonCaller(baseUrl);
  const created = await call('POST', '/api/rooms/create', {
    token: hostToken,
    body: { name: 'bench', settings: { maxParticipants: guests + 1 } },
  });
  const roomId = (created.body as { room: { roomId: string } }).room.roomId;
  const host = await connect(baseUrl, hostToken);
  await host.emitWithAck('join-room', { roomId });
  const throttledCount = Math.round(guests * throttledShare);
  const logs: GuestLog[] = [];
  const sockets: Socket[] = [];
  for (let i = 0; i < guests; i += 1) {
    const socket = await connect(baseUrl);
    await socket.emitWithAck('join-room', { roomId });
    await socket.emitWithAck('relay:subscribe', { roomId, subscribe: true });
    const log: GuestLog = { throttled: i < throttledCount, latenciesMs: [] };
    socket.on('screen-frame', ({ frame: bytes }: { frame: ArrayBuffer }, ack: () => void) => {
      log.latenciesMs.push(Date.now() - Buffer.from(bytes).readDoubleLE(4));
      if (log.throttled) setTimeout(ack, THROTTLE_ACK_MS);
      else ack();
    });
    logs.push(log);
    sockets.push(socket);
  }

  const total = FPS * SECONDS;
  let refused = 0;
  for (let seq = 0; seq < total; seq += 1) {
    const tick = new Promise((resolve) => setTimeout(resolve, 1000 / FPS));
    host.emit('screen-frame', { roomId, frame: frame(seq) }, (ack: { ok: boolean }) => {
      if (!ack.ok) refused += 1;
    });
    await tick;
  }
  await new Promise((resolve) => setTimeout(resolve, 1000)); // Let the last deliveries land.
  for (const socket of [host, ...sockets]) socket.close();

  const summarize = (group: GuestLog[]) => {
    const delivered = group.map((log) => (100 * log.latenciesMs.length) / total);
    const latencies = group.flatMap((log) => log.latenciesMs);
    return {
      guests: group.length,
      deliveredMinPct: round(Math.min(...delivered)),
      deliveredMedianPct: round(percentile(delivered, 50)),
      latencyP50Ms: round(percentile(latencies, 50)),
      latencyP95Ms: round(percentile(latencies, 95)),
    };
  };
  return {
    guests,
    throttledShare,
    framesSent: total,
    refused,
    fast: summarize(logs.filter((log) => !log.throttled)),
    throttled: throttledCount > 0 ? summarize(logs.filter((log) => log.throttled)) : null,
  };
}

function chart(rows: Awaited<ReturnType<typeof scenario>>[]): string {
  const width = Math.max(640, 80 + rows.length * 130);
  const height = 260;
  const barWidth = 50;
  const bars = rows.map((row, i) => {
    const x = 60 + i * (barWidth + 80);
    const h = (row.fast.deliveredMinPct / 100) * 180;
    const label = `N=${row.guests}, ${Math.round(row.throttledShare * 100)}% slow`;
    return (
      `<rect x="${x}" y="${210 - h}" width="${barWidth}" height="${h}" fill="${row.throttledShare ? '#e8902e' : '#2e7de8'}"/>` +
      `<text x="${x + barWidth / 2}" y="${204 - h}" font-size="11" text-anchor="middle">${row.fast.deliveredMinPct}%</text>` +
      `<text x="${x + barWidth / 2}" y="228" font-size="10" text-anchor="middle">${label}</text>` +
      `<text x="${x + barWidth / 2}" y="242" font-size="10" text-anchor="middle">p95 ${row.fast.latencyP95Ms} ms</text>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">` +
    `<text x="10" y="18" font-size="13">Relay fan-out: worst fast guest's share of frames delivered (${FPS} fps, ${FRAME_BYTES / 1000} kB)</text>` +
    `<line x1="50" y1="210" x2="${width - 10}" y2="210" stroke="#333"/>${bars.join('')}</svg>`
  );
}

async function main() {
  const box = await startBox();
  try {
    const hostAccount = await signUpUser({ call: jsonCaller(box.baseUrl) });
    const rows = [];
    for (const guests of GUEST_COUNTS) {
      for (const share of THROTTLED_SHARES) rows.push(await scenario(box.baseUrl, hostAccount.idToken, guests, share));
    }
    const header = [
      'N',
      'slow %',
      'fast delivered min/median %',
      'fast p50/p95 ms',
      'slow delivered median %',
      'slow p95 ms',
      'refused',
    ];
    const table = rows.map((row) => [
      row.guests,
      Math.round(row.throttledShare * 100),
      `${row.fast.deliveredMinPct} / ${row.fast.deliveredMedianPct}`,
      `${row.fast.latencyP50Ms} / ${row.fast.latencyP95Ms}`,
      row.throttled ? row.throttled.deliveredMedianPct : '-',
      row.throttled ? row.throttled.latencyP95Ms : '-',
      row.refused,
    ]);
    console.log(formatTable(header, table));
    for (const guests of GUEST_COUNTS) {
      const [calm, mixed] = rows.filter((row) => row.guests === guests);
      console.log(
        `N=${guests}: fast guests with slow ones present get ${round(mixed!.fast.deliveredMedianPct / calm!.fast.deliveredMedianPct, 3)}x the frames ` +
          `and ${round(mixed!.fast.latencyP95Ms / calm!.fast.latencyP95Ms, 2)}x the p95 latency of the run without slow guests`,
      );
    }
    const json = {
      smoke,
      machine: machineNote(),
      fps: FPS,
      seconds: SECONDS,
      frameBytes: FRAME_BYTES,
      throttleAckMs: THROTTLE_ACK_MS,
      rows,
    };
    writeResults(outDir, 'relay-fanout', json, { '': chart(rows) });
  } finally {
    await box.stop();
  }
}

await main();
