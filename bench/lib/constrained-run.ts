/**
 * One run of bench/constrained-viewers.ts: a box on the test links with one SCREEN_LAYERS value, the
 * host sharing the moving text screen (with program audio) from the root namespace, and one
 * Chromium per viewer link, each in its own namespace. The unconstrained viewer (when present, the
 * first) is measured alone first, so the run can tell whether the constrained ones lower what it
 * gets. Then every viewer joins, warms up (the bandwidth estimates settle) and is measured.
 */
import type { Browser, Page } from 'playwright-core';
import { newAccount } from '../../tests/support/accounts.js';
import { startBox } from '../../tests/support/box.js';
import {
  readHostUpload,
  readViewerStats,
  type HostUploadStats,
  type ViewerStats,
} from '../../tests/support/link-stats.js';
import { installMovingScreen } from '../../tests/support/moving-screen.js';
import { launchChromiumIn } from '../../tests/support/netns-chromium.js';
import { createTestNetwork, type NetLink } from '../../tests/support/netns.js';
import { openHostRoom, openInviteLink } from '../../tests/support/room-pages.js';
import { until } from '../../tests/support/until.js';
import type { ViewerLink } from './constrained-links.js';
import { installClockProbe } from './latency-guest-probe.js';
import { KEEP_NAMES_SHIM } from './latency-joins.js';
import type { LatencyProbe } from './latency-pages.js';
import { machineCpuBetween, readMachineCpu, type MachineCpuLoad } from './machine-cpu.js';
import { sleep } from './report.js';

const RELAY_WARNING = 'Using server relay mode (lower quality)...';
const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface RunOptions {
  /** SCREEN_LAYERS for the box: 'simulcast', 'svc' or 'single'. */
  layers: string;
  tier: 'sfu' | 'relay';
  links: ViewerLink[];
  warmupS: number;
  seconds: number;
  /** Seconds the first (unconstrained) viewer is measured alone; 0 skips it. */
  aloneS: number;
}

/** Two reads of one viewer, and the probe's glass-to-glass samples between them. */
export interface ViewerWindow {
  link: ViewerLink;
  tier: 'sfu' | 'relay';
  before: ViewerStats;
  after: ViewerStats;
  seconds: number;
  /** frameWidth read every second over the window (0: nothing decoded yet). */
  widths: number[];
  heights: number[];
  g2gMs: number[];
}

export interface RunResult {
  layers: string;
  tier: 'sfu' | 'relay';
  /** The first viewer measured before anyone else joined. */
  alone: ViewerWindow | null;
  viewers: ViewerWindow[];
  host: HostWindow;
  /** The host while the first viewer was measured alone: the single stream's upload before thin links pulled it down. */
  hostAlone: HostWindow | null;
}

/** Two reads of the host's upload, and how loaded the machine was between them. */
export interface HostWindow {
  before: HostUploadStats;
  after: HostUploadStats;
  seconds: number;
  /** Every Chromium, the box and its worker share this machine's cores: what that cost them. */
  cpu: MachineCpuLoad;
}

async function hostWindow(host: Page, measured: () => Promise<unknown>): Promise<HostWindow> {
  const before = await readHostUpload(host);
  const cpuBefore = readMachineCpu();
  await measured();
  const cpu = machineCpuBetween(cpuBefore, readMachineCpu());
  const after = await readHostUpload(host);
  return { before, after, seconds: (after.timestamp - before.timestamp) / 1000, cpu };
}

interface Viewer {
  link: ViewerLink;
  page: Page;
}

const probeOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __latency: LatencyProbe }).__latency.samples.length);
const samplesSince = (page: Page, from: number) =>
  page.evaluate((start) => (window as unknown as { __latency: LatencyProbe }).__latency.samples.slice(start), from);

async function sharingHost(browser: Browser, baseUrl: string): Promise<Page> {
  const host = await openHostRoom(browser, baseUrl, newAccount('linkhost'), {
    beforeSignUp: async (page) => {
      await page.addInitScript(KEEP_NAMES_SHIM);
      await page.addInitScript(installMovingScreen);
    },
  });
  await host.page.getByLabel('Program audio source').selectOption('capture');
  await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
  await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor({ timeout: 15_000 });
  return host.page;
}

/** How long a viewer may take to connect before it is measured as it is (a result, not an error). */
const CONNECT_TIMEOUT_MS = 45_000;

async function join(browser: Browser, baseUrl: string, host: Page, link: ViewerLink, tier: 'sfu' | 'relay') {
  const joined = await openInviteLink(browser, baseUrl, host, {
    ...(tier === 'relay' ? { tier } : {}),
    beforeGoto: async (page) => {
      await page.addInitScript(KEEP_NAMES_SHIM);
      await page.addInitScript(installClockProbe);
    },
  });
  // A link the stream floods may keep the join from connecting at all (the single stream on 1 Mbit/s
  // with loss): that viewer is measured as it is, with nothing decoded.
  const banner = tier === 'relay' ? RELAY_WARNING : 'Connected (High Performance)';
  await joined.page
    .getByText(banner)
    .waitFor({ timeout: CONNECT_TIMEOUT_MS })
    .catch(() => console.warn(`${link.label} viewer did not show '${banner}' within ${CONNECT_TIMEOUT_MS} ms`));
  // Program audio is measured as played: where the browser waits for a click, the viewer clicks.
  const play = joined.page.getByRole('button', { name: 'Play program audio' });
  if (await play.isVisible().catch(() => false)) await play.click();
  return { link, page: joined.page };
}

/**
 * A relay guest's picture size, as its stats line names it (`Video: 640×360 · 2.4 fps`): which of
 * the relay's renditions the media node sends it. No inbound-rtp carries it.
 */
async function relaySize(page: Page): Promise<{ video: { frameWidth: number; frameHeight: number } | null }> {
  const line = await page
    .getByTestId('video-quality')
    .innerText()
    .catch(() => '');
  const size = /(\d+)×(\d+)/.exec(line);
  return { video: size ? { frameWidth: Number(size[1]), frameHeight: Number(size[2]) } : null };
}

/** Measures `viewers` together over `seconds`, reading each one's frame size every second. */
async function measure(viewers: Viewer[], tier: 'sfu' | 'relay', seconds: number): Promise<ViewerWindow[]> {
  const before = await Promise.all(viewers.map((v) => readViewerStats(v.page)));
  const firstSample = await Promise.all(viewers.map((v) => probeOf(v.page)));
  const widths: number[][] = viewers.map(() => []);
  const heights: number[][] = viewers.map(() => []);
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    await sleep(1000); // the sampling period of a measuring window, not a wait for a condition
    const now = await Promise.all(viewers.map((v) => (tier === 'relay' ? relaySize(v.page) : readViewerStats(v.page))));
    now.forEach((stats, i) => {
      widths[i]!.push(stats.video?.frameWidth ?? 0);
      heights[i]!.push(stats.video?.frameHeight ?? 0);
    });
  }
  const elapsed = (Date.now() - started) / 1000;
  const after = await Promise.all(viewers.map((v) => readViewerStats(v.page)));
  const g2g = await Promise.all(viewers.map((v, i) => samplesSince(v.page, firstSample[i]!)));
  return viewers.map((viewer, i) => ({
    link: viewer.link,
    tier,
    before: before[i]!,
    after: after[i]!,
    seconds: elapsed,
    widths: widths[i]!,
    heights: heights[i]!,
    g2gMs: g2g[i]!,
  }));
}

export async function runOnce(options: RunOptions): Promise<RunResult> {
  const network = createTestNetwork(options.links);
  const browsers: Browser[] = [];
  const box = await startBox({
    HOST: network.boxAddress,
    RTC_LISTEN_IP: network.boxAddress,
    SCREEN_LAYERS: options.layers,
  }).catch((error: unknown) => {
    network.close();
    throw error;
  });
  // Interrupted (Ctrl-C, a kill): the namespaces go in netns.ts's own hook; the box is a process of
  // its own, which SIGTERM closes at once (startBox sets DRAIN_TIMEOUT_S=0).
  const stopBox = () => box.signal('SIGTERM');
  for (const signal of INTERRUPTS) process.once(signal, stopBox);
  try {
    const launch = async (link: NetLink | null) => {
      const browser = await launchChromiumIn(link?.namespace ?? null, box.baseUrl);
      browsers.push(browser);
      return browser;
    };
    const host = await sharingHost(await launch(null), box.baseUrl);
    const viewers: Viewer[] = [];
    const joinLink = async (link: NetLink) => {
      const viewerLink = options.links.find((l) => l.label === link.label)!;
      viewers.push(await join(await launch(link), box.baseUrl, host, viewerLink, options.tier));
      // A link too thin for the stream may never show a frame: that is a result (0 fps), not an error.
      await until(async () => (await probeOf(viewers.at(-1)!.page)) > 0, {
        timeoutMs: 30_000,
        intervalMs: 250,
        what: `${link.label} viewer's first decoded frame`,
      }).catch((error: unknown) => console.warn(String(error)));
    };
    let alone: ViewerWindow | null = null;
    let hostAlone: HostWindow | null = null;
    const [first, ...rest] = network.links;
    await joinLink(first!);
    if (options.aloneS > 0) {
      await sleep(options.warmupS * 1000); // the estimate settles before the baseline is read
      hostAlone = await hostWindow(host, async () => {
        alone = (await measure(viewers, options.tier, options.aloneS))[0] ?? null;
      });
    }
    for (const link of rest) await joinLink(link);
    await sleep(options.warmupS * 1000); // every viewer's bandwidth estimate settles
    let windows: ViewerWindow[] = [];
    const hostTogether = await hostWindow(host, async () => {
      windows = await measure(viewers, options.tier, options.seconds);
    });
    return { layers: options.layers, tier: options.tier, alone, viewers: windows, host: hostTogether, hostAlone };
  } finally {
    for (const signal of INTERRUPTS) process.off(signal, stopBox);
    await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
    await box.stop();
    network.close();
  }
}
