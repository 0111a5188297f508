import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { startBox, type Box } from '../support/box.js';
import type { WatchedPage } from '../support/browser.js';
import { readViewerStats, type ViewerStats } from '../support/link-stats.js';
import { installMovingScreen } from '../support/moving-screen.js';
import { launchChromiumIn } from '../support/netns-chromium.js';
import { createTestNetwork, type TestNetwork } from '../support/netns.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { until } from '../support/until.js';

/**
 * Issue 21's smoke test on real constrained links: the host shares a moving, text-heavy screen;
 * one viewer watches over an unshaped link, one over 500 kbit/s (tc tbf on its veth, in its own
 * network namespace). Both must see a moving picture, and the constrained one a smaller layer
 * than the unconstrained one: the SFU gives each viewer what its own link carries.
 * Needs root (ip netns, tc, iptables). The full measurement is bench/constrained-viewers.ts.
 */
const VIEWERS = [
  { label: 'unconstrained', shape: {} },
  { label: '500 kbit/s', shape: { rateKbit: 500 } },
];

describe('viewers on real constrained links (network namespaces), in Chromium', () => {
  let network: TestNetwork;
  let box: Box;
  const browsers: Browser[] = [];
  let host: WatchedPage;
  const viewers: WatchedPage[] = [];

  beforeAll(async () => {
    network = createTestNetwork(VIEWERS);
    box = await startBox({ HOST: network.boxAddress, RTC_LISTEN_IP: network.boxAddress });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await box?.stop();
    network?.close();
  });

  it('the host shares a moving screen from the root namespace', async () => {
    const browser = await launchChromiumIn(null, box.baseUrl);
    browsers.push(browser);
    host = await openHostRoom(browser, box.baseUrl, newAccount('linkhost'), {
      beforeSignUp: (page) => page.addInitScript(installMovingScreen),
    });
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
  });

  it('a viewer on each link joins by the invite link, each from its own namespace', async () => {
    for (const link of network.links) {
      const browser = await launchChromiumIn(link.namespace, box.baseUrl);
      browsers.push(browser);
      viewers.push(await joinByInviteLink(browser, box.baseUrl, host.page));
    }
  });

  it('both get a moving picture, and the 500 kbit/s viewer a smaller layer than the unconstrained one', async () => {
    const pages = viewers.map((viewer) => viewer.page);
    const read = () => Promise.all(pages.map((page) => readViewerStats(page)));
    // What each viewer got last, for the failure message: a number alone says little about a link.
    let last: ViewerStats[] = [];
    const described = (error: unknown) =>
      new Error(`${String(error)}; last read (unconstrained, 500 kbit/s): ${JSON.stringify(last.map((s) => s.video))}`);
    // Moving: frames keep being decoded, on both, over a few seconds.
    const before = await read();
    await until(
      async () => {
        last = await read();
        return last.every(
          (stats, i) => (stats.video?.framesDecoded ?? 0) >= (before[i]?.video?.framesDecoded ?? 0) + 30,
        );
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'both viewers decoding 30 more frames' },
    ).catch((error: unknown) => {
      throw described(error);
    });
    // The SFU needs a few seconds of the viewer's bandwidth estimate before it settles on a layer.
    await until(
      async () => {
        last = await read();
        const [free, constrained] = last.map((stats) => stats.video?.frameWidth ?? 0) as [number, number];
        return constrained > 0 && constrained < free;
      },
      {
        timeoutMs: 45_000,
        intervalMs: 500,
        what: 'the 500 kbit/s viewer on a smaller layer than the unconstrained one',
      },
    ).catch((error: unknown) => {
      throw described(error);
    });
  }, 100_000);

  it('leaves no namespace, link or firewall rule behind', () => {
    const namespaces = network.links.map((link) => link.namespace);
    network.close();
    const listed = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout;
    const links = spawnSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' }).stdout;
    for (const namespace of namespaces) expect(listed).not.toContain(namespace);
    expect(links).not.toMatch(new RegExp(`\\brl${process.pid}[rn]\\d+`));
    expect(spawnSync('iptables', ['-S'], { encoding: 'utf8' }).stdout).not.toContain('statistic');
  });
});
