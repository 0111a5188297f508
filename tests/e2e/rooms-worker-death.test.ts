/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { newAccount } from '../support/accounts.js';
import { launchChromium } from '../support/browser.js';
import { startInProcessBox, type InProcessBox } from '../support/in-process-box.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { paintScreenWith, QUADRANT_COLOURS, SWAPPED_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

// The box runs in this process so the test can reach its mediasoup workers' pids.
let box: InProcessBox;
let browser: Browser;

beforeAll(async () => {
  [box, browser] = await Promise.all([startInProcessBox(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await box?.close();
});

describe('a mediasoup worker dies during a room', () => {
  it('host and guest rebuild their transports by themselves and the guest receives new frames', async () => {
    const host = await openHostRoom(browser, box.baseUrl, newAccount('phoenix'));
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    const guest = await joinByInviteLink(browser, box.baseUrl, host.page);
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);

    const transportsOf = (page: typeof host.page) =>
      page.evaluate(() => (window as unknown as { __testPeerConnections: unknown[] }).__testPeerConnections.length);
    const before = { host: await transportsOf(host.page), guest: await transportsOf(guest.page) };
    const [workerPid] = box.workerPids();
    expect(workerPid).toBeGreaterThan(0);
    process.kill(workerPid!, 'SIGKILL');
    await until(() => box.workerPids().some((pid) => pid !== workerPid), {
      timeoutMs: 15_000,
      what: 'a replacement worker',
    });

    // Only frames sent after the rebuild can show the new colours: a frozen last frame cannot pass.
    await host.page.evaluate(paintScreenWith, SWAPPED_COLOURS);
    await untilVideoShows(guest.page, 'remote-screen', SWAPPED_COLOURS, 30_000);
    await guest.page.getByText('Connected (High Performance)').waitFor();
    await host.page.getByText('Connected (High Performance)').waitFor();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    // They did rebuild: each side opened a new transport (a new RTCPeerConnection) for the new router.
    expect(await transportsOf(host.page)).toBeGreaterThan(before.host);
    expect(await transportsOf(guest.page)).toBeGreaterThan(before.guest);

    await host.page.context().close();
    await guest.page.context().close();
  });
});
