import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startBox, type Box } from './box.js';
import { launchChromiumIn } from './netns-chromium.js';
import { createTestNetwork, type LinkShape, type TestNetwork } from './netns.js';

export interface ShapedLinksSuite {
  network: TestNetwork;
  box: Box;
  /** A Chromium in the link's namespace (null: the root one, over loopback), closed after the file. */
  launch(namespace: string | null): Promise<Browser>;
}

/**
 * The hooks of an end-to-end file on real shaped links (issue 21): a network namespace per link
 * (netns.ts), the box listening where each link's browser reaches it, and every Chromium the file
 * launched; all of it goes after the file's tests, on failure too. Needs root. Read the fields
 * inside tests.
 */
export function useShapedLinks(
  links: { label: string; shape: LinkShape }[],
  env: Record<string, string> = {},
): ShapedLinksSuite {
  const browsers: Browser[] = [];
  const suite = {
    launch: async (namespace: string | null) => {
      const browser = await launchChromiumIn(namespace, suite.box.baseUrl);
      browsers.push(browser);
      return browser;
    },
  } as ShapedLinksSuite;
  beforeAll(async () => {
    suite.network = createTestNetwork(links);
    suite.box = await startBox({ HOST: suite.network.boxAddress, RTC_LISTEN_IP: suite.network.boxAddress, ...env });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await suite.box?.stop();
    suite.network?.close();
  });
  return suite;
}
