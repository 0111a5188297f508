import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium; the flags keep it off this machine's closed network and away from a GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** `extraArgs`: e.g. --host-resolver-rules for a test's own names (tests/e2e/field). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

export interface WatchedPage {
  page: Page;
  /** Every alert/confirm message the page showed, in order; dialogs are accepted. */
  dialogs: string[];
}

/** A page in a fresh context (its own storage), with alerts recorded and accepted. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  contextOptions: BrowserContextOptions = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ ...contextOptions, baseURL: baseUrl });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.accept();
  });
  return { page, dialogs };
}
