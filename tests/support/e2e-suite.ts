import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startBox, type Box } from './box.js';
import { launchChromium } from './browser.js';

export interface E2eSuite {
  box: Box;
  browser: Browser;
}

/**
 * Registers the hooks every end-to-end file needs: the real single-box process and Chromium,
 * started together before the file's tests and stopped after them. Read the fields inside tests.
 */
export function useBoxAndChromium(env: Record<string, string> = {}): E2eSuite {
  const suite = {} as E2eSuite;
  beforeAll(async () => {
    [suite.box, suite.browser] = await Promise.all([startBox(env), launchChromium()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.box?.stop();
  });
  return suite;
}
