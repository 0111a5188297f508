/**
 * ICE-TCP memory (issue 22): a worker's resident memory before and after 500 ICE-TCP
 * connect/disconnect cycles through its WebRtcServer, for mediasoup 3.12.16 (which leaked there
 * and needed the MEDIASOUP_WORKER_MAX_RSS_MB recycler) and 3.19.3, in one run; with clients that
 * leave cleanly and clients that vanish (tests/support/ice-tcp-cycles.ts).
 * tests/integration/sfu-upstream-fixes.test.ts asserts the 3.19.3 side.
 *
 *   npx tsx bench/ice-tcp-memory.ts [--cycles 500]
 *   npx tsx bench/ice-tcp-memory.ts --smoke --out DIR    # 3.19.3, 20 cycles
 */
import { loadMediaConfig } from '../media/src/config.js';
import { iceTcpCycles, residentMb } from '../tests/support/ice-tcp-cycles.js';
import { formatTable, machineNote, parseArgs, RESULTS_DIR, round, sleep, writeResults } from './lib/report.js';
import { loadVariant, type VariantName } from './lib/sfu-variants.js';

const WARM_UP_CYCLES = 50;
const args = parseArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;
const cycles = smoke ? 20 : Number(args.get('cycles') ?? 500);
const names: VariantName[] = smoke ? ['3.19.3'] : ['3.12.16', '3.19.3'];
const workerBin = loadMediaConfig(process.env).workerBin;
const machineBefore = machineNote();

const rows = [];
for (const name of names) {
  const { mediasoup } = loadVariant(name, workerBin);
  for (const clientVanishes of [false, true]) {
    const worker = await mediasoup.createWorker({ logLevel: 'error' });
    try {
      const webRtcServer = await worker.createWebRtcServer({
        listenInfos: [{ protocol: 'tcp', ip: '127.0.0.1', port: 0 }],
      });
      const router = await worker.createRouter({ mediaCodecs: [] });
      await (await iceTcpCycles(router, webRtcServer, smoke ? 5 : WARM_UP_CYCLES)).release();
      const beforeMb = residentMb(worker.pid);
      const started = Date.now();
      const run = await iceTcpCycles(router, webRtcServer, cycles, { clientVanishes });
      const msPerCycle = (Date.now() - started) / cycles;
      // The worker closes a vanished client's connection when its transport closes, or never.
      const deadline = Date.now() + 5000;
      while (clientVanishes && run.closedByServer() < cycles && Date.now() < deadline) await sleep(50);
      const afterMb = residentMb(worker.pid);
      const closedByServer = clientVanishes ? run.closedByServer() : null;
      await run.release();
      const ending = clientVanishes ? 'client vanishes' : 'client leaves';
      rows.push({
        mediasoup: name,
        ending,
        cycles,
        beforeMb: round(beforeMb),
        afterMb: round(afterMb),
        growthMb: round(afterMb - beforeMb, 2),
        kbPerCycle: round(((afterMb - beforeMb) * 1024) / cycles, 2),
        closedByServer,
        msPerCycle: round(msPerCycle, 2),
      });
      console.log(`${name}, ${ending}: RSS ${round(beforeMb)} MB -> ${round(afterMb)} MB after ${cycles} cycles`);
    } finally {
      worker.close();
    }
  }
}

console.log(
  `\n${formatTable(
    [
      'mediasoup',
      'ending',
      'cycles',
      'RSS before MB',
      'RSS after MB',
      'growth MB',
      'KB/cycle',
      'closed by server',
      'ms/cycle',
    ],
    rows.map((r) => [
      r.mediasoup,
      r.ending,
      r.cycles,
      r.beforeMb,
      r.afterMb,
      r.growthMb,
      r.kbPerCycle,
      r.closedByServer ?? '',
      r.msPerCycle,
    ]),
  )}\n`,
);
const files = writeResults(
  outDir,
  'ice-tcp-memory',
  {
    benchmark: 'ice-tcp-memory',
    smoke,
    date: new Date().toISOString(),
    machine: { before: machineBefore, after: machineNote(), note: 'shared 2-core box; other work ran alongside' },
    warmUpCycles: smoke ? 5 : WARM_UP_CYCLES,
    rows,
  },
  {},
);
console.log(`wrote ${files.join(', ')}`);
