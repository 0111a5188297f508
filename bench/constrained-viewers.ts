/**
 * Viewers on real links (issue 21): the real box, Debian's Chromium, and each viewer on its own
 * shaped link (a network namespace and a veth with tc tbf and iptables loss, tests/support/netns.ts).
 *   npx tsx bench/constrained-viewers.ts [--layers simulcast|svc] [--seconds 60] [--warmup 20] [--alone 15]
 *   [--each-alone 30] [--smoke] [--out DIR]
 * --smoke (npm test, tests/bench/constrained-viewers-smoke.test.ts): one viewer per kind of shaping
 * and a few seconds a window, so it checks that the figures and charts keep coming, not the targets.
 * The host shares a moving, text-heavy screen with program audio from the root namespace; five
 * viewers watch on the SFU: unconstrained, 4 Mbit/s, 1 Mbit/s with 2% loss, 500 kbit/s and
 * 300 kbit/s with 5% loss. It runs with SCREEN_LAYERS=<layers> and again with `single` (today's one
 * stream), then two relay guests (1 Mbit/s with 2% loss, 500 kbit/s) on the relay tier.
 * Per viewer, from Chromium's inbound-rtp: fps, resolution, freezes, NACKs, PLIs, glass-to-glass
 * p50/p95 (the latency benchmark's clock blocks), program audio concealment; the host's upload and
 * the keyframe requests reaching it; then the issue's targets, pass or fail. Last, each SFU viewer
 * on its own with the host (--each-alone seconds), and the per-viewer targets again.
 * Needs root. Writes <out>/constrained-viewers.json and .svg (fps) and -freezes.svg.
 */
import {
  RELAY_GUESTS,
  SFU_VIEWERS,
  SMOKE_RELAY_GUESTS,
  SMOKE_SFU_VIEWERS,
  type ViewerLink,
} from './lib/constrained-links.js';
import { runOnce, type RunResult } from './lib/constrained-run.js';
import { hostSummary, verdicts, viewerRow, viewerVerdicts } from './lib/constrained-summary.js';
import type { MachineCpuLoad } from './lib/machine-cpu.js';
import { formatTable, lineChartSvg, machineNote, parseArgs, RESULTS_DIR, writeResults } from './lib/report.js';

const args = parseArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const LAYERS = String(args.get('layers') ?? 'simulcast');
const SECONDS = smoke ? 5 : Number(args.get('seconds') ?? 60);
const WARMUP_S = smoke ? 3 : Number(args.get('warmup') ?? 20);
const ALONE_S = smoke ? 0 : Number(args.get('alone') ?? 15);
/**
 * Seconds each viewer is measured on its own with the host, after the runs together (0: not at
 * all). Six Chromiums share this machine's 2 cores in the runs together; one viewer at a time is
 * what a viewer on a machine of its own would see of the same link and the same SFU.
 */
const EACH_ALONE_S = smoke ? 0 : Number(args.get('each-alone') ?? 30);
const LINKS = smoke
  ? { layered: SMOKE_SFU_VIEWERS, single: [], relay: SMOKE_RELAY_GUESTS }
  : { layered: SFU_VIEWERS, single: SFU_VIEWERS, relay: RELAY_GUESTS };
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;

/** Where a link sits on the charts' x axis: its rate, the unconstrained one at 10 Mbit/s. */
const xOf = (link: ViewerLink) => link.shape.rateKbit ?? 10_000;
const dash = (value: number | null) => (value === null ? '-' : value);
const cpuLoad = ({ busyPercent, waitingPercent }: MachineCpuLoad) =>
  `cores ${busyPercent}% busy` +
  (waitingPercent === null ? '' : `, some task waiting for a core ${waitingPercent}% of the time`);

function printRun(run: RunResult, tookS: number): void {
  const rows = run.viewers.map(viewerRow);
  console.log(
    `\n${run.tier === 'relay' ? 'relay tier' : `SFU, SCREEN_LAYERS=${run.layers}`} (the run took ${Math.round(tookS)} s):`,
  );
  console.log(
    formatTable(
      [
        'viewer',
        'fps',
        'size',
        'full %',
        'frz/min',
        'frz s/min',
        'NACK',
        'PLI',
        'loss %',
        'kbps',
        'g2g p50',
        'g2g p95',
        'audio conc %',
        'audio events',
        'audio NACK',
        'audio loss %',
        'audio kbps',
      ],
      rows.map((r) => [
        r.viewer,
        r.fps,
        r.resolution,
        r.fullWidthPercent,
        r.freezesPerMin,
        r.freezeSPerMin,
        r.nacks,
        r.plis,
        r.lossPercent,
        r.kbps,
        dash(r.g2gP50Ms),
        dash(r.g2gP95Ms),
        dash(r.audioConcealedPercent),
        dash(r.audioConcealmentEvents),
        dash(r.audioNacks),
        dash(r.audioLossPercent),
        dash(r.audioKbps),
      ]),
    ),
  );
  const host = hostSummary(run);
  console.log(
    `host upload: video ${host.videoKbps} kbit/s, audio ${host.audioKbps} kbit/s; keyframe requests ${host.keyframeRequestsPerS}/s; ` +
      `encodings: ${host.encodings.map((e) => `${e.rid ?? 'one'} ${e.frameWidth}w ${e.framesPerSecond}fps (limited by ${e.limitedBy})`).join(', ')}`,
  );
  if (run.alone) {
    const alone = viewerRow(run.alone);
    const hostAlone = run.hostAlone
      ? ` (host video upload then: ${hostSummary(run, run.hostAlone).videoKbps} kbit/s)`
      : '';
    console.log(
      `unconstrained viewer alone before the others joined: ${alone.resolution}, ${alone.fps} fps${hostAlone}`,
    );
  }
}

async function main() {
  const runs = { layered: null as RunResult | null, single: null as RunResult | null, relay: null as RunResult | null };
  const common = { warmupS: WARMUP_S, seconds: SECONDS };
  const timed = async (options: Parameters<typeof runOnce>[0]) => {
    const started = Date.now();
    const run = await runOnce(options);
    printRun(run, (Date.now() - started) / 1000);
    console.log(`machine while measured: ${cpuLoad(hostSummary(run).machineCpu)}`);
    return run;
  };
  runs.layered = await timed({ ...common, layers: LAYERS, tier: 'sfu', links: LINKS.layered, aloneS: ALONE_S });
  // The single stream runs the same code as the layered run with another SCREEN_LAYERS: the smoke
  // variant leaves it out to stay short.
  if (LINKS.single.length) {
    runs.single = await timed({ ...common, layers: 'single', tier: 'sfu', links: LINKS.single, aloneS: ALONE_S });
  }
  runs.relay = await timed({ ...common, layers: LAYERS, tier: 'relay', links: LINKS.relay, aloneS: 0 });
  const eachAlone: RunResult[] = [];
  for (const link of EACH_ALONE_S > 0 ? LINKS.layered : []) {
    const options = { ...common, seconds: EACH_ALONE_S, layers: LAYERS, tier: 'sfu' as const, aloneS: 0 };
    eachAlone.push(await runOnce({ ...options, links: [link] }));
  }
  const aloneWindows = eachAlone.flatMap((run) => run.viewers);
  if (aloneWindows.length) {
    const sweep = { ...eachAlone[0]!, viewers: aloneWindows, alone: null, hostAlone: null };
    console.log('\neach viewer on its own with the host, one run per viewer:');
    printRun(sweep, 0);
    console.log('machine while each was measured:');
    for (const run of eachAlone)
      console.log(`  ${run.viewers[0]!.link.label}: ${cpuLoad(hostSummary(run).machineCpu)}`);
  }

  const print = (title: string, checks: { what: string; value: string; pass: boolean }[]) => {
    console.log(`\n${title}:`);
    for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.what}: ${check.value}`);
  };
  const checks = verdicts(runs.layered, runs.single);
  print(`targets (SCREEN_LAYERS=${LAYERS})`, checks);
  const aloneChecks = viewerVerdicts(aloneWindows);
  if (aloneChecks.length) print('the same per-viewer targets, each viewer on its own with the host', aloneChecks);

  // A run the smoke variant leaves out has no series.
  const seriesOf = (run: RunResult | null, name: string, pick: (row: ReturnType<typeof viewerRow>) => number) =>
    run ? [{ name, points: run.viewers.map((w) => ({ x: xOf(w.link), y: pick(viewerRow(w)) })) }] : [];
  const fpsChart = lineChartSvg({
    title: 'Frames per second by viewer link (real shaped links)',
    xLabel: 'viewer link, kbit/s (10000 = unconstrained)',
    yLabel: 'fps',
    logX: true,
    series: [
      ...seriesOf(runs.layered, `SFU, ${LAYERS}`, (r) => r.fps),
      ...seriesOf(runs.single, 'SFU, single stream', (r) => r.fps),
      ...seriesOf(runs.relay, 'relay tier', (r) => r.fps),
    ],
    guides: [
      { y: 25, label: '25 fps (>= 4 Mbit/s)' },
      { y: 15, label: '15 fps (1 Mbit/s)' },
      { y: 5, label: '5 fps (<= 500 kbit/s)' },
    ],
  });
  const freezeChart = lineChartSvg({
    title: 'Freezes, seconds a minute, by viewer link',
    xLabel: 'viewer link, kbit/s (10000 = unconstrained)',
    yLabel: 's of freezes a minute',
    logX: true,
    series: [
      ...seriesOf(runs.layered, `SFU, ${LAYERS}`, (r) => r.freezeSPerMin),
      ...seriesOf(runs.single, 'SFU, single stream', (r) => r.freezeSPerMin),
    ],
    guides: [
      { y: 1, label: '1 s (1 Mbit/s)' },
      { y: 2, label: '2 s (<= 500 kbit/s)' },
    ],
  });
  const summary = (run: RunResult) => ({
    layers: run.layers,
    tier: run.tier,
    viewers: run.viewers.map((w) => ({ ...viewerRow(w), link: w.link.shape, widthsEverySecond: w.widths })),
    alone: run.alone && viewerRow(run.alone),
    host: hostSummary(run),
    hostAlone: run.hostAlone && hostSummary(run, run.hostAlone),
    // The two reads behind each row, so a summary can be worked out again from the file.
    reads: run.viewers.map((w) => ({ viewer: w.link.label, before: w.before, after: w.after, seconds: w.seconds })),
  });
  const files = writeResults(
    outDir,
    'constrained-viewers',
    {
      smoke,
      layers: LAYERS,
      seconds: SECONDS,
      warmupS: WARMUP_S,
      aloneS: ALONE_S,
      runs: [runs.layered, runs.single, runs.relay].filter((run) => run !== null).map(summary),
      targets: checks,
      eachAlone: { seconds: EACH_ALONE_S, runs: eachAlone.map(summary), targets: aloneChecks },
      machine: machineNote(),
    },
    { '': fpsChart, freezes: freezeChart },
  );
  console.log(`wrote ${files.join(', ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
