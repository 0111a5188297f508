/**
 * Issue 14, item 12: the client page's Content-Security-Policy in the real box and Chromium. The
 * app still works under it (its inline bootstrap script runs: its hash is in the policy), and a
 * script injected into the page is blocked and reported as a violation.
 * Issue 37, item 12: the legacy build's inline scripts run under it too; a modern Chromium loads only
 * the modern bundle, and the nomodule path an old browser takes signs up and reaches the dashboard.
 */
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, signUpThroughUi } from '../support/accounts.js';
import { openPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium();

interface Violation {
  directive: string;
  blocked: string;
}

/** The served page's inline scripts (those without src), as the policy must allow them. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/(?:^|\s)src=/.test(attributes))
    .map(([, , body = '']) => body);
}

/** The paths of the scripts a page requests, from before its first one. */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/**
 * Makes Chromium take the path of a browser without ES modules (Firefox 59): the page as served,
 * without its module scripts and with its nomodule scripts enabled. Inline bodies stay byte for
 * byte, so the policy's hashes still apply.
 */
async function servePageAsToOldBrowsers(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script type="module"[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<script nomodule/g, '<script');
    await route.fulfill({ response, body: html });
  });
}

/** Records every CSP violation the page reports, from before its first script. */
function recordViolations() {
  const seen: Violation[] = [];
  (window as unknown as { __violations: Violation[] }).__violations = seen;
  document.addEventListener('securitypolicyviolation', (event) =>
    seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
  );
}

describe('the client page', () => {
  // Each test has its own pages and accounts: they run side by side.
  it.concurrent("sends a policy whose script-src hash is the served inline script's", async () => {
    const response = await fetch(`${suite.box.baseUrl}/dashboard`);
    const html = await response.text();
    const inline = inlineScripts(html);
    expect(inline[0]).toContain('__riffroomEarly');
    // The legacy build's too: its nomodule fix, modern check, fallback loader and SystemJS entry.
    expect(inline).toHaveLength(5);
    const hashes = inline.map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${hashes.join(' ')}`);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.concurrent('works under the policy and blocks a script injected into it', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await page.addInitScript(recordViolations);
    const scripts = recordScripts(page);
    await signUpThroughUi(page, newAccount('csp'));
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Explore Users' }).click();
    await page.getByRole('heading', { name: 'Explore Users' }).waitFor();
    const before = await page.evaluate(() => ({
      bootstrapRan: '__riffroomEarly' in window,
      modern: (window as unknown as { __vite_is_modern_browser?: boolean }).__vite_is_modern_browser,
      violations: (window as unknown as { __violations: Violation[] }).__violations.slice(),
    }));
    expect(before).toEqual({ bootstrapRan: true, modern: true, violations: [] });
    // A modern Chromium runs the modern bundle only: not one legacy chunk, polyfill or SystemJS.
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
    expect(scripts.filter((path) => path.includes('-legacy'))).toEqual([]);

    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "inline script"';
      document.body.appendChild(script);
      document.body.insertAdjacentHTML(
        'beforeend',
        '<img src="/nothing.png" onerror="window.__injected = \'handler\'">',
      );
    });
    const violations = await until(
      () =>
        page.evaluate(() => {
          const seen = (window as unknown as { __violations: Violation[] }).__violations;
          return seen.length >= 2 ? seen.slice() : null;
        }),
      { what: 'two CSP violations' },
    );
    expect(violations).toEqual(
      expect.arrayContaining([
        { directive: 'script-src-elem', blocked: 'inline' },
        { directive: 'script-src-attr', blocked: 'inline' },
      ]),
    );
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    await page.context().close();
  });

  it.concurrent("takes an old browser's nomodule path under the policy: sign-up reaches the dashboard", async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await page.addInitScript(recordViolations);
    await servePageAsToOldBrowsers(page);
    const scripts = recordScripts(page);
    await signUpThroughUi(page, newAccount('legacy'));
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByRole('button', { name: 'My Profile' }).waitFor();
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/polyfills-legacy-[\w-]+\.js$/));
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/index-legacy-[\w-]+\.js$/));
    expect(scripts.filter((path) => !path.includes('-legacy'))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)).toEqual([]);
    await page.context().close();
  });

  it.concurrent(
    'runs a room under the policy without a single violation: SFU and relay guests see the screen',
    async () => {
      const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('csphost'), {
        beforeSignUp: (page) => page.addInitScript(recordViolations),
      });
      await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
      await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
      const sfuGuest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
        beforeGoto: (page) => page.addInitScript(recordViolations),
      });
      await untilVideoShows(sfuGuest.page, 'remote-screen', QUADRANT_COLOURS);
      const relayGuest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
        tier: 'relay',
        banner: 'Using server relay mode (lower quality)...',
        beforeGoto: (page) => page.addInitScript(recordViolations),
      });
      await untilVideoShows(relayGuest.page, 'relay-canvas', QUADRANT_COLOURS, 30_000);
      for (const { page } of [host, sfuGuest, relayGuest]) {
        expect(await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)).toEqual(
          [],
        );
        await page.context().close();
      }
    },
  );
});
