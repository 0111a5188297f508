import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { startBox, type Box } from '../support/box.js';
import { launchChromium, type WatchedPage } from '../support/browser.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';

const UNABLE = 'Unable to connect. Please try again.';
const CONNECTED = 'Connected (High Performance)';

/**
 * Spec part 4 with a server that goes away mid-session: no screen hangs on 'Connecting...'; both
 * end on 'Unable to connect. Please try again.', and Retry connects again once the server is back
 * (the same port and data directory: accounts, tokens and the room survive the restart). Each way
 * of going away has a box of its own, so the two wait out the clients' timers side by side.
 */
describe('a mid-session server drop, in Chromium', () => {
  let browser: Browser;
  const boxes: Box[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(boxes.map((box) => box.stop()));
  });

  it.concurrent.each([
    ['stops: it closes the sockets, after which Socket.IO never reconnects by itself', 'stop'],
    ["crashes: no goodbye, and Socket.IO's 3 reconnection attempts run out", 'crash'],
  ] as const)(
    "ends on 'Unable to connect. Please try again.' when the box %s; Retry works once it is back",
    async (_how, how) => {
      let box = await startBox();
      boxes.push(box);
      const host: WatchedPage = await openHostRoom(browser, box.baseUrl, newAccount(`dropped${how}`));
      const guest = await joinByInviteLink(browser, box.baseUrl, host.page);

      const { port, dataDir } = box;
      if (how === 'stop') await box.stop({ keepData: true });
      else {
        await box.crash();
        // The attempts take a few seconds; meanwhile the screens say so.
        for (const { page } of [host, guest]) await page.getByText('Connecting...').waitFor({ timeout: 10_000 });
      }
      for (const { page } of [host, guest]) {
        await page.getByText(UNABLE).waitFor({ timeout: 45_000 });
        expect(await page.getByText('Connecting...').count()).toBe(0);
      }

      box = await startBox({}, { port, dataDir });
      boxes.push(box);
      for (const { page } of [host, guest]) {
        await page.getByRole('button', { name: 'Retry' }).click();
        await page.getByText(CONNECTED).waitFor({ timeout: 30_000 });
        expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      }
      // The same room carries on: the host shares again, and the guest sees the screen.
      await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
      await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
      await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
      expect(host.dialogs).toEqual([]);
      await host.page.context().close();
      await guest.page.context().close();
    },
    180_000,
  );
});
