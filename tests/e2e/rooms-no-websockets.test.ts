/**
 * Issue 37, item 13: a network that refuses WebSockets (a TLS-inspecting company proxy: the kind of
 * network the relay tier exists for) still gets a room, over Socket.IO's HTTP long-polling. The
 * guest's Chromium reaches the box only through a proxy that answers every WebSocket upgrade with
 * 403 and passes plain HTTP; the host reaches the box directly. The same fallback through a scaled
 * node's `/nodes/<id>/` path: tests/integration/room-socket-polling.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { openPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { startScaleProxy, type ScaleProxy } from '../support/scale-proxy.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';

const suite = useBoxAndChromium();
let proxy: ScaleProxy;

beforeAll(async () => {
  proxy = await startScaleProxy({ refuseWebSockets: true });
});
afterAll(async () => {
  await proxy?.close();
});

describe('a room behind a proxy that refuses WebSockets', () => {
  it('a relay guest still gets the picture and the chat, over long-polling', async () => {
    proxy.route({ nodes: {}, api: suite.box.baseUrl });
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('nows-host'));
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);

    const invite = new URL(await host.page.getByLabel('Invite link').inputValue());
    const guest = await openPage(suite.browser, proxy.url);
    await guest.page.goto(`${invite.pathname}?tier=relay`);
    await guest.page.getByText('Using server relay mode (lower quality)...').waitFor({ timeout: 15_000 });
    await untilVideoShows(guest.page, 'relay-canvas', QUADRANT_COLOURS, 20_000);

    await guest.page.getByLabel('Chat message').fill('hello from behind the proxy');
    await guest.page.getByLabel('Chat message').press('Enter');
    await host.page.getByText('hello from behind the proxy').waitFor();
    await host.page.getByLabel('Chat message').fill('welcome, polling guest');
    await host.page.getByRole('button', { name: 'Send' }).click();
    await guest.page.getByText('welcome, polling guest').waitFor();

    // It really went that way: its WebSockets were refused, and its polls carried the room.
    expect(proxy.counts.refusedUpgrades).toBeGreaterThan(0);
    expect(proxy.counts.pollingRequests).toBeGreaterThan(0);
    await guest.page.context().close();
    await host.page.context().close();
  });
});
