import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser.js';

/**
 * Debian's Chromium started inside a network namespace (tests/support/netns.ts): Playwright runs a
 * wrapper that `exec`s `ip netns exec <ns> chromium`, and drives it over a pipe, which crosses
 * namespaces. Every renderer and the network service inherit the namespace, so all the page's
 * traffic, WebRTC included, goes over that namespace's shaped link.
 *
 * `origin` is the box's address on the test links: plain HTTP on an address that is not loopback
 * is not a secure context, and the app needs one (getDisplayMedia, WebCrypto), so Chromium is told
 * to treat that one origin as secure. `namespace` null launches in the root namespace (the host).
 */
export async function launchChromiumIn(namespace: string | null, origin: string): Promise<Browser> {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-netns-chromium-'));
  let executablePath = executable;
  if (namespace) {
    executablePath = path.join(dir, 'chromium-in-namespace');
    writeFileSync(executablePath, `#!/bin/sh\nexec ip netns exec '${namespace}' '${executable}' "$@"\n`);
    chmodSync(executablePath, 0o755);
  }
  try {
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS, `--unsafely-treat-insecure-origin-as-secure=${origin}`],
    });
    browser.on('disconnected', () => rmSync(dir, { recursive: true, force: true }));
    return browser;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
