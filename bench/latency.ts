/**
 * Glass-to-glass latency and time to first frame in Chromium, per tier (issue 7, README "Performance").
 *   npx tsx bench/latency.ts [--joins 5] [--seconds 6] | --smoke --out DIR
 * The real box and Debian's Chromium: a signed-up host shares a screen that paints Date.now() as
 * pixel blocks (bench/lib/latency-pages.ts); guests open the invite link, once per join, on the SFU
 * on peer-to-peer (`?tier=p2p`) and on the relay (`?tier=relay`). Both pages share the machine clock, so each decoded frame gives
 * latency = guest Date.now() - painted time. Time to first frame runs from the guest page's
 * navigation start (the invite page joins on load: there is no join button) to the first decoded
 * frame, split at DOMContentLoaded (page load), the receiving RTCPeerConnection's first remote
 * description (signalling: socket join, router caps, transport and consumer set-up) and its
 * 'connected' state (ICE/DTLS); the rest is the first frame (keyframe) after connecting.
 * Each join's timeline lists every fetch, the WebSocket's opening and each Socket.IO request from
 * emit to ack, in order, and the table shows their medians: where the signalling time goes.
 * A signed-in guest also joins from a click on Join Session on its already-loaded dashboard (the
 * issue's definition of time to first frame), on the default (SFU) tier.
 *   --tiers sfu,p2p,relay   the tiers, in order; any but 'sfu' is forced with ?tier=<name>.
 * Writes <out>/latency.json and .svg.
 */
import { launchChromium } from '../tests/support/browser.js';
import { startBox } from '../tests/support/box.js';
import { medianSteps, senderSummary, tailSummary, type FrameBreakdown } from './lib/latency-analysis.js';
import { clickJoins, joinOnce, openSharingHost, type Join } from './lib/latency-joins.js';
import { readSenderStats } from './lib/latency-pages.js';
import {
  formatTable,
  lineChartSvg,
  machineNote,
  parseArgs,
  percentile,
  RESULTS_DIR,
  round,
  writeResults,
} from './lib/report.js';

const args = parseArgs(process.argv.slice(2));
const smoke = args.has('smoke');
const JOINS = smoke ? 2 : Number(args.get('joins') ?? 5);
const SECONDS = smoke ? 1.5 : Number(args.get('seconds') ?? 6);
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;
const TARGETS = { sfuP50Ms: 100, sfuP95Ms: 200, ttffP95Ms: 500 };
/**
 * The tiers measured, in order (`--tiers sfu,p2p,relay`): each but the default 'sfu' is forced with
 * `?tier=<name>` on the guest's invite link, so a new tier is one more word here.
 */
const TIERS = String(args.get('tiers') ?? 'sfu,p2p,relay').split(',');
/** Joins from a click on the already-loaded dashboard's Join Session (the definition), SFU tier. */
const CLICK_JOINS = smoke ? 1 : Number(args.get('click-joins') ?? JOINS);

const p = (values: number[], q: number) => (values.length ? round(percentile(values, q)) : null);

async function main() {
  const box = await startBox();
  const browser = await launchChromium();
  try {
    const host = await openSharingHost(browser, box.baseUrl);
    const link = await host.getByLabel('Invite link').inputValue();
    const rows = [];
    const series = [];
    for (const tier of TIERS) {
      const joins: Join[] = [];
      const samples: number[] = [];
      const frames: FrameBreakdown[] = [];
      const receiverTotals = [];
      let undecodable = 0;
      const senderBefore = await host.evaluate(readSenderStats);
      for (let i = 0; i < JOINS; i += 1) {
        const result = await joinOnce(browser, box.baseUrl, link, tier, SECONDS);
        joins.push(result.join);
        samples.push(...result.samples);
        frames.push(...result.receiver.frames);
        receiverTotals.push(result.receiver.totals);
        undecodable += result.undecodable;
      }
      const sender = senderSummary(senderBefore, await host.evaluate(readSenderStats));
      const pick = (key: keyof Join) => joins.map((j) => j[key]).filter((v): v is number => v !== null);
      rows.push({
        tier,
        frames: samples.length,
        undecodable,
        latencyP50Ms: p(samples, 50),
        latencyP95Ms: p(samples, 95),
        joins: joins.length,
        ttffP50Ms: p(pick('ttffMs'), 50),
        ttffP95Ms: p(pick('ttffMs'), 95),
        pageLoadP50Ms: p(pick('pageLoadMs'), 50),
        signallingP50Ms: p(pick('signallingMs'), 50),
        iceDtlsP50Ms: p(pick('iceDtlsMs'), 50),
        firstFrameP50Ms: p(pick('firstFrameMs'), 50),
        receiver: { framesWithStats: frames.length, ...tailSummary(frames), perJoin: receiverTotals },
        sender,
        perJoin: joins,
      });
      const sorted = [...samples].sort((a, b) => a - b);
      const step = Math.max(1, Math.floor(sorted.length / 100));
      series.push({
        name: `${tier} glass-to-glass`,
        points: sorted
          .filter((_, i) => i % step === 0)
          .map((y, i) => ({ x: round((i * step * 100) / sorted.length), y })),
      });
    }

    const roomId = new URL(link).pathname.split('/').pop()!;
    const clicked = CLICK_JOINS > 0 ? await clickJoins(browser, box.baseUrl, roomId, CLICK_JOINS) : [];
    const clickTtff = clicked.map((j) => j.ttffMs);
    const clickJoin = {
      tier: 'sfu',
      joins: clicked.length,
      ttffP50Ms: p(clickTtff, 50),
      ttffP95Ms: p(clickTtff, 95),
      steps: medianSteps(clicked),
      perJoin: clicked,
    };
    // Absent when --tiers leaves the SFU out (e.g. `--tiers p2p` to look at one tier).
    const sfu = rows.find((r) => r.tier === 'sfu');
    const sfuSteps = sfu ? medianSteps(sfu.perJoin) : [];
    const tierSteps = Object.fromEntries(rows.map((row) => [row.tier, medianSteps(row.perJoin)]));
    for (const [title, steps] of [
      ...rows.map((row) => [`${row.tier} guest opening the invite link`, tierSteps[row.tier]!] as const),
      ['SFU guest clicking Join Session on its loaded dashboard', clickJoin.steps] as const,
    ]) {
      console.log(`\n${title}: each request and mark, median over joins (ms from navigation start / click)`);
      console.log(
        formatTable(
          ['step', 'start p50', 'took p50'],
          steps.map((step) => [step.what, step.startP50Ms, step.durationP50Ms ?? '']),
        ),
      );
    }
    for (const row of rows) {
      const { tail, typical } = row.receiver;
      if (tail && typical)
        console.log(
          `\n${row.tier} glass-to-glass, receiving side (Chromium inbound-rtp, per 250 ms): slowest 5% of frames ` +
            `(mean ${tail.g2gMs} ms) had jitter buffer ${tail.jitterBufferMs} ms, decode ${tail.decodeMs} ms, ` +
            `processing ${tail.processingMs} ms; median half (mean ${typical.g2gMs} ms): ${typical.jitterBufferMs} / ` +
            `${typical.decodeMs} / ${typical.processingMs} ms. NACK/PLI/dropped per join: ` +
            row.receiver.perJoin.map((t) => (t ? `${t.nackCount}/${t.pliCount}/${t.framesDropped}` : '-')).join(', '),
        );
      if (row.sender)
        console.log(
          `${row.tier} host encoder: ${row.sender.encodeMs} ms per frame, pacer ${row.sender.packetSendDelayMs} ms per packet, ` +
            `${row.sender.framesPerSecond} fps, NACK ${row.sender.nackCount}, PLI ${row.sender.pliCount}, limited by ${row.sender.qualityLimitationReason}`,
        );
    }
    console.log(
      `\nTTFF from the join click (loaded page): p50 ${clickJoin.ttffP50Ms} ms, p95 ${clickJoin.ttffP95Ms} ms`,
    );
    const met = (value: number | null, target: number) =>
      value === null ? 'no data' : value <= target ? 'met' : `missed by ${round(value - target)} ms`;
    const [sfuP50, sfuP95] = [sfu?.latencyP50Ms ?? null, sfu?.latencyP95Ms ?? null];
    // The target's time to first frame is the issue's: from the join click to the first decoded
    // frame. The invite-link rows also count loading the page and the app, so they are context only.
    const clickTtffP95 = clickJoin.joins > 0 ? clickJoin.ttffP95Ms : null;
    const targets = {
      sfuP50: { target: TARGETS.sfuP50Ms, value: sfuP50, verdict: met(sfuP50, TARGETS.sfuP50Ms) },
      sfuP95: { target: TARGETS.sfuP95Ms, value: sfuP95, verdict: met(sfuP95, TARGETS.sfuP95Ms) },
      ttffP95: { target: TARGETS.ttffP95Ms, value: clickTtffP95, verdict: met(clickTtffP95, TARGETS.ttffP95Ms) },
    };
    const dash = (v: number | null) => (v === null ? '-' : v);
    console.log(
      formatTable(
        [
          'tier',
          'frames',
          'g2g p50 ms',
          'g2g p95 ms',
          'joins',
          'TTFF p50',
          'TTFF p95',
          'page p50',
          'signal p50',
          'ICE/DTLS p50',
          '1st frame p50',
        ],
        rows.map((r) => [
          r.tier,
          r.frames,
          dash(r.latencyP50Ms),
          dash(r.latencyP95Ms),
          r.joins,
          dash(r.ttffP50Ms),
          dash(r.ttffP95Ms),
          dash(r.pageLoadP50Ms),
          dash(r.signallingP50Ms),
          dash(r.iceDtlsP50Ms),
          dash(r.firstFrameP50Ms),
        ]),
      ),
    );
    for (const [name, t] of Object.entries(targets))
      console.log(`target ${name} <= ${t.target} ms: ${t.value} ms, ${t.verdict}`);
    for (const row of rows.filter((r) => r.tier !== 'sfu'))
      if (sfuP50 !== null && row.latencyP50Ms !== null)
        console.log(`${row.tier}/sfu glass-to-glass p50 ratio: ${round(row.latencyP50Ms / sfuP50, 2)}`);

    const svg = lineChartSvg({
      title: 'Glass-to-glass latency by percentile (loopback, Chromium)',
      xLabel: 'percentile of frames',
      yLabel: 'ms',
      series,
      guides: [
        { y: TARGETS.sfuP50Ms, label: 'SFU p50 target' },
        { y: TARGETS.sfuP95Ms, label: 'SFU p95 target' },
      ],
    });
    const files = writeResults(
      outDir,
      'latency',
      {
        smoke,
        joins: JOINS,
        seconds: SECONDS,
        targets,
        tiers: TIERS,
        rows,
        sfuSteps,
        tierSteps,
        clickJoin,
        machine: machineNote(),
      },
      { '': svg },
    );
    console.log(`wrote ${files.join(', ')}`);
  } finally {
    await browser.close();
    await box.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
