/**
 * The latency benchmark's browser side (bench/latency.ts): the sharing host, and guests joining
 * from the invite link or from a click on Join Session, each measured from its probe
 * (latency-pages.ts) into a Join.
 */
import type { Browser, Page } from 'playwright-core';
import { newAccount, signUpThroughUi } from '../../tests/support/accounts.js';
import { openPage } from '../../tests/support/browser.js';
import { until } from '../../tests/support/until.js';
import { buildTimeline, receiverBreakdown, type Step } from './latency-analysis.js';
import { installClockProbe } from './latency-guest-probe.js';
import { installClockCapture, readSenderStats, type LatencyProbe } from './latency-pages.js';
import { round, sleep } from './report.js';

export interface Join {
  ttffMs: number;
  /** Every request and mark of the join, from navigation start (or the click), in start order. */
  timeline: Step[];
  pageLoadMs: number;
  signallingMs: number | null;
  iceDtlsMs: number | null;
  firstFrameMs: number | null;
}

export async function openSharingHost(browser: Browser, baseUrl: string): Promise<Page> {
  const { page } = await openPage(browser, baseUrl);
  await page.addInitScript(KEEP_NAMES_SHIM);
  await page.addInitScript(installClockCapture);
  const account = newAccount('latency');
  await signUpThroughUi(page, account);
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Collaborations' }).click();
  await page.getByRole('button', { name: 'Start Hosting' }).click();
  await page.waitForURL('**/host-collaboration');
  await page.getByText('Connected (High Performance)').waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Start Screen Share' }).click();
  await page
    .getByRole('button', { name: 'Stop Screen Share' })
    .waitFor({ timeout: 15_000 })
    .catch(async (error: unknown) => {
      throw new Error(
        `host did not start sharing; page shows:\n${await page.locator('body').innerText()}\n${String(error)}`,
      );
    });
  // The encoder figures are read as a difference over each tier's joins: wait until the host's SFU
  // send transport is connected and encoding, or the first read finds nothing to subtract from.
  await until(async () => ((await page.evaluate(readSenderStats))?.framesEncoded ?? 0) > 0, {
    timeoutMs: 15_000,
    what: "the host's screen encoder running on the SFU",
  });
  return page;
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`;
 * the functions Playwright serialises into the page then need that helper there too.
 */
export const KEEP_NAMES_SHIM = { content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' };

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { __latency: LatencyProbe }).__latency);

/** The page's resource timings, then the join's timeline relative to `zero`. */
async function timelineOf(page: Page, probe: LatencyProbe, zero: number): Promise<Step[]> {
  const resources = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd })),
  );
  return buildTimeline(resources, probe, zero);
}

/** Time to first frame and its split, from `zero` (navigation start, or the join click). */
async function measureJoin(page: Page, zero: number, loadedAt: number) {
  const probe = await readProbe(page);
  const pc = probe.connections.find((c) => c.connectedAt !== null && c.remoteDescriptionAt !== null);
  const first = probe.firstFrameAt!;
  const join: Join = {
    ttffMs: round(first - zero),
    timeline: await timelineOf(page, probe, zero),
    pageLoadMs: round(loadedAt - zero),
    signallingMs: pc ? round(pc.remoteDescriptionAt! - loadedAt) : null,
    iceDtlsMs: pc ? round(pc.connectedAt! - pc.remoteDescriptionAt!) : null,
    firstFrameMs: pc ? round(first - pc.connectedAt!) : null,
  };
  return { join, samples: probe.samples, undecodable: probe.undecodable, receiver: receiverBreakdown(probe) };
}

const waitForFirstFrame = (page: Page, what: string) =>
  until(async () => (await readProbe(page)).firstFrameAt !== null, { timeoutMs: 20_000, intervalMs: 50, what });

/** One guest: open the link, wait for the first decoded frame, collect frames for `seconds`. */
export async function joinOnce(browser: Browser, baseUrl: string, link: string, tier: string, seconds: number) {
  const { page } = await openPage(browser, baseUrl);
  try {
    await page.addInitScript(KEEP_NAMES_SHIM);
    await page.addInitScript(installClockProbe);
    await page.goto(tier === 'sfu' ? link : `${link}?tier=${tier}`);
    await waitForFirstFrame(page, `${tier} guest's first decoded frame`);
    await sleep(seconds * 1000); // a measuring window, not a wait for a condition
    const loaded = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
    );
    return await measureJoin(page, 0, loaded);
  } finally {
    await page.context().close();
  }
}

/**
 * Time to first frame as the issue defines it, from the join click: a signed-in guest on its
 * already-loaded dashboard types the room's code into Join a Session and clicks Join Session.
 */
export async function clickJoins(browser: Browser, baseUrl: string, roomId: string, joins: number): Promise<Join[]> {
  const { page } = await openPage(browser, baseUrl);
  const results: Join[] = [];
  try {
    await page.addInitScript(KEEP_NAMES_SHIM);
    await page.addInitScript(installClockProbe);
    await signUpThroughUi(page, newAccount('clickguest'));
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    for (let i = 0; i < joins; i += 1) {
      if (i > 0) await page.goto('/dashboard'); // leaves the room; a fresh probe for the next join
      await page.getByRole('button', { name: 'Collaborations' }).click();
      await page.getByRole('button', { name: 'Join a Session' }).click();
      await page.getByLabel('Connection code').fill(roomId);
      await page.getByRole('button', { name: 'Join Session' }).click();
      await waitForFirstFrame(page, "click-joined guest's first decoded frame");
      const clickAt = (await readProbe(page)).joinClickAt!;
      results.push((await measureJoin(page, clickAt, clickAt)).join);
    }
  } finally {
    await page.context().close();
  }
  return results;
}
