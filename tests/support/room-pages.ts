/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Browser, Page } from 'playwright-core';
import { signUpThroughUi, type Account } from './accounts.js';
import { openPage, type WatchedPage } from './browser.js';
import { installStudioCapture, QUADRANT_COLOURS, type ScreenColours } from './studio-capture.js';
import { until } from './until.js';

/**
 * The colour at (fx, fy) of the picture a <video> shows now, or a <canvas> holds (the relay tier),
 * fx/fy in 0..1 of the picture.
 */
export async function pixelAt(page: Page, testId: string, fx: number, fy: number): Promise<number[]> {
  return page.evaluate(
    ({ testId, fx, fy }) => {
      const source = document.querySelector<HTMLVideoElement | HTMLCanvasElement>(`[data-testid="${testId}"]`);
      if (!source) return [];
      const [width, height] =
        source instanceof HTMLCanvasElement ? [source.width, source.height] : [source.videoWidth, source.videoHeight];
      if (width === 0) return [];
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.drawImage(source, 0, 0);
      const x = Math.floor(fx * canvas.width);
      const y = Math.floor(fy * canvas.height);
      return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    { testId, fx, fy },
  );
}

/** Within video-compression distance of the expected colour. */
export function colourMatches(actual: number[], expected: readonly number[], tolerance = 45): boolean {
  return actual.length === 3 && actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);
}

/** Waits until the video (or relay canvas) shows all four quadrant colours of `colours`. */
export async function untilVideoShows(
  page: Page,
  testId: string,
  colours: ScreenColours,
  timeoutMs = 15_000,
): Promise<void> {
  const spots = [
    [0.25, 0.25, colours.topLeft],
    [0.75, 0.25, colours.topRight],
    [0.25, 0.75, colours.bottomLeft],
    [0.75, 0.75, colours.bottomRight],
  ] as const;
  for (const [fx, fy, colour] of spots) {
    await until(async () => colourMatches(await pixelAt(page, testId, fx, fy), colour), {
      timeoutMs,
      what: `${testId} showing rgb(${colour.join(',')}) at ${fx},${fy}`,
    });
  }
}

/**
 * A signed-up host on the host screen, connected to the SFU, with the fake studio capture;
 * `beforeSignUp` may add its own init scripts first.
 */
export async function openHostRoom(
  browser: Browser,
  baseUrl: string,
  account: Account,
  { beforeSignUp }: { beforeSignUp?: (page: Page) => Promise<unknown> } = {},
): Promise<WatchedPage> {
  const host = await openPage(browser, baseUrl);
  await host.page.addInitScript(installStudioCapture, QUADRANT_COLOURS);
  await beforeSignUp?.(host.page);
  await signUpThroughUi(host.page, account);
  await host.page.waitForURL('**/dashboard', { timeout: 20_000 });
  await startHosting(host.page, account);
  return host;
}

/** From a signed-in user's dashboard: Collaborations → Start Hosting, on the SFU. */
export async function startHosting(page: Page, account: Account): Promise<void> {
  await page.getByRole('button', { name: 'Collaborations' }).click();
  await page.getByRole('button', { name: 'Start Hosting' }).click();
  await page.waitForURL('**/host-collaboration');
  await page.getByRole('heading', { name: `${account.name}'s Room` }).waitFor({ timeout: 15_000 });
  await page.getByText('Connected (High Performance)').waitFor({ timeout: 15_000 });
}

interface InviteLinkOptions {
  tier?: 'sfu' | 'p2p' | 'relay';
  /** `?ice=relay`: TURN-relayed ICE only (the operator's TURN check). */
  ice?: 'relay';
  /** `?maxKbps=`: the guest's cap on what the SFU sends it. */
  maxKbps?: number;
  beforeGoto?: (page: Page) => Promise<unknown>;
}

/**
 * An anonymous guest (a fresh context) opening the host's invite link, by default on the SFU, up to
 * the join page: whether it connects is the caller's to wait for. `beforeGoto` may add init scripts.
 */
export async function openInviteLink(
  browser: Browser,
  baseUrl: string,
  host: Page,
  { tier, ice, maxKbps, beforeGoto }: InviteLinkOptions = {},
): Promise<WatchedPage> {
  const link = await host.getByLabel('Invite link').inputValue();
  const guest = await openPage(browser, baseUrl);
  await guest.page.addInitScript(installStudioCapture, QUADRANT_COLOURS);
  await beforeGoto?.(guest.page);
  const query = new URLSearchParams({
    ...(tier ? { tier } : {}),
    ...(ice ? { ice } : {}),
    ...(maxKbps ? { maxKbps: String(maxKbps) } : {}),
  }).toString();
  await guest.page.goto(query ? `${link}?${query}` : link);
  await guest.page.waitForURL('**/join-collaboration/**');
  return guest;
}

/**
 * openInviteLink, then the connected banner: the SFU's by default, a forced tier's (`?tier=relay`,
 * `p2p`) when given.
 */
export async function joinByInviteLink(
  browser: Browser,
  baseUrl: string,
  host: Page,
  { banner = 'Connected (High Performance)', ...options }: InviteLinkOptions & { banner?: string } = {},
): Promise<WatchedPage> {
  const guest = await openInviteLink(browser, baseUrl, host, options);
  await guest.page.getByText(banner).waitFor({ timeout: 15_000 });
  return guest;
}
