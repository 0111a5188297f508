/**
 * Layered screen share (issue 21): which of SCREEN_LAYERS=single|simulcast|svc to ship, measured in
 * one run on this machine. For each mode a real box and Chromium: the host shares a moving,
 * text-heavy screen with program audio; three viewers watch, one unlimited and two that cap what the
 * SFU may send them (`?maxKbps=`, mediasoup's bandwidth estimate capped as a slow link would). Over
 * the same window it reports the host's upload, its encode time per frame and keyframe requests
 * reaching it, and per viewer the size, frame rate, freezes and the layer the room's stats show.
 * On loopback: real constrained links are bench/constrained-viewers.ts.
 *
 *   npx tsx bench/screen-layers.ts [--modes single,simulcast,svc --hint detail --seconds 20] [--out DIR]
 */
import type { Browser, Page } from 'playwright-core';
import { newAccount } from '../tests/support/accounts.js';
import { launchChromium, openPage } from '../tests/support/browser.js';
import { startBox } from '../tests/support/box.js';
import { openHostRoom } from '../tests/support/room-pages.js';
import { installStudioCapture, QUADRANT_COLOURS } from '../tests/support/studio-capture.js';
import { installTextScreen } from '../tests/support/text-screen.js';
import { until } from '../tests/support/until.js';
import { formatTable, machineNote, parseArgs, RESULTS_DIR, round, sleep, writeResults } from './lib/report.js';
import {
  KEEP_NAMES_SHIM,
  readHostCounters,
  readViewerCounters,
  type HostCounters,
  type ViewerCounters,
} from './lib/screen-layers-pages.js';

const args = parseArgs(process.argv.slice(2));
const modes = String(args.get('modes') ?? 'single,simulcast,svc').split(',');
const hint = typeof args.get('hint') === 'string' ? (args.get('hint') as string) : '';
const windowS = Number(args.get('seconds') ?? 20);
const settleS = Number(args.get('settle') ?? 10);
const outDir = typeof args.get('out') === 'string' ? (args.get('out') as string) : RESULTS_DIR;
/** kbit/s caps of the viewers; 0 = unlimited. */
const caps = String(args.get('caps') ?? '0,1000,400')
  .split(',')
  .map(Number);

interface ViewerRow {
  capKbps: number;
  width: number;
  height: number;
  fps: number;
  kbps: number;
  freezesPerMin: number;
  freezeSecondsPerMin: number;
  plis: number;
  audioLossPct: number;
  concealedPct: number;
  shown: string;
}

interface ModeRow {
  mode: string;
  hint: string;
  uploadKbps: number;
  encodeMsPerFrame: number;
  keyframeRequests: number;
  keyframeRequestsPerS: number;
  layers: HostCounters['layers'];
  viewers: ViewerRow[];
}

async function joinCapped(browser: Browser, host: Page, capKbps: number): Promise<Page> {
  const link = await host.getByLabel('Invite link').inputValue();
  const { page } = await openPage(browser, new URL(link).origin);
  await page.addInitScript(KEEP_NAMES_SHIM);
  await page.addInitScript(installStudioCapture, QUADRANT_COLOURS);
  await page.goto(capKbps ? `${link}?maxKbps=${capKbps}` : link);
  await page.getByText('Connected (High Performance)').waitFor({ timeout: 20_000 });
  return page;
}

function viewerRow(capKbps: number, a: ViewerCounters, b: ViewerCounters): ViewerRow {
  const seconds = (b.at - a.at) / 1000;
  const audioPackets = b.audioPacketsReceived - a.audioPacketsReceived + (b.audioPacketsLost - a.audioPacketsLost);
  const samples = b.totalSamplesReceived - a.totalSamplesReceived;
  return {
    capKbps,
    width: b.width,
    height: b.height,
    fps: round((b.framesDecoded - a.framesDecoded) / seconds),
    kbps: Math.round(((b.bytesReceived - a.bytesReceived) * 8) / seconds / 1000),
    freezesPerMin: round(((b.freezeCount - a.freezeCount) * 60) / seconds),
    freezeSecondsPerMin: round(((b.totalFreezesDuration - a.totalFreezesDuration) * 60) / seconds, 2),
    plis: b.pliCount - a.pliCount,
    audioLossPct: audioPackets ? round(((b.audioPacketsLost - a.audioPacketsLost) * 100) / audioPackets, 2) : 0,
    concealedPct: samples ? round(((b.concealedSamples - a.concealedSamples) * 100) / samples, 2) : 0,
    shown: b.qualityText,
  };
}

async function measure(browser: Browser, mode: string): Promise<ModeRow> {
  const box = await startBox({ SCREEN_LAYERS: mode });
  const pages: Page[] = [];
  try {
    const host = await openHostRoom(browser, box.baseUrl, newAccount('layers'), {
      beforeSignUp: async (page) => {
        await page.addInitScript(KEEP_NAMES_SHIM);
        await page.addInitScript(installTextScreen, hint);
      },
    });
    pages.push(host.page);
    host.page.on('pageerror', (error) => console.error('host page error:', error.message));
    host.page.on('console', (message) => {
      if (message.type() === 'error') console.error('host console:', message.text());
    });
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page
      .getByRole('button', { name: 'Stop Screen Share' })
      .waitFor({ timeout: 60_000 })
      .catch((error) => {
        throw new Error(`${String(error)}; dialogs: ${host.dialogs.join(' | ')}`);
      });
    const viewers: Page[] = [];
    for (const cap of caps) viewers.push(await joinCapped(browser, host.page, cap));
    pages.push(...viewers);
    for (const viewer of viewers) {
      await until(async () => !(await viewer.getByTestId('video-quality').textContent())?.includes('not playing'), {
        timeoutMs: 30_000,
        what: 'a picture at every viewer',
      });
    }
    await sleep(settleS * 1000);
    const hostBefore = await host.page.evaluate(readHostCounters);
    const viewersBefore = await Promise.all(viewers.map((viewer) => viewer.evaluate(readViewerCounters)));
    await sleep(windowS * 1000);
    const hostAfter = await host.page.evaluate(readHostCounters);
    const viewersAfter = await Promise.all(viewers.map((viewer) => viewer.evaluate(readViewerCounters)));
    const seconds = (hostAfter.at - hostBefore.at) / 1000;
    const frames = hostAfter.framesEncoded - hostBefore.framesEncoded;
    const requests = hostAfter.pliCount + hostAfter.firCount - hostBefore.pliCount - hostBefore.firCount;
    return {
      mode,
      hint,
      uploadKbps: Math.round(((hostAfter.bytesSent - hostBefore.bytesSent) * 8) / seconds / 1000),
      encodeMsPerFrame: frames
        ? round(((hostAfter.totalEncodeTime - hostBefore.totalEncodeTime) * 1000) / frames, 2)
        : 0,
      keyframeRequests: requests,
      keyframeRequestsPerS: round(requests / seconds, 2),
      layers: hostAfter.layers,
      viewers: caps.map((cap, i) => viewerRow(cap, viewersBefore[i]!, viewersAfter[i]!)),
    };
  } finally {
    for (const page of pages) await page.context().close();
    await box.stop();
  }
}

const browser = await launchChromium();
const rows: ModeRow[] = [];
try {
  for (const mode of modes) {
    rows.push(await measure(browser, mode));
    console.log(JSON.stringify(rows.at(-1)));
  }
} finally {
  await browser.close();
}

console.log(
  formatTable(
    ['mode', 'hint', 'upload kbps', 'encode ms/frame', 'keyframe req/s', 'encodings (w x h @ fps, limit)'],
    rows.map((row) => [
      row.mode,
      row.hint || '-',
      row.uploadKbps,
      row.encodeMsPerFrame,
      row.keyframeRequestsPerS,
      row.layers.map((l) => `${l.width}x${l.height}@${round(l.fps)} ${l.limitation}`).join('; '),
    ]),
  ),
);
console.log(
  formatTable(
    ['mode', 'viewer cap', 'size', 'fps', 'kbps', 'freezes/min', 'freeze s/min', 'audio loss %', 'shown'],
    rows.flatMap((row) =>
      row.viewers.map((v) => [
        row.mode,
        v.capKbps ? `${v.capKbps} kbit/s` : 'none',
        `${v.width}x${v.height}`,
        v.fps,
        v.kbps,
        v.freezesPerMin,
        v.freezeSecondsPerMin,
        v.audioLossPct,
        v.shown,
      ]),
    ),
  ),
);
const name = hint ? `screen-layers-${hint}` : 'screen-layers';
console.log(writeResults(outDir, name, { machine: machineNote(), windowS, settleS, caps, rows }, {}).join('\n'));
