/**
 * Issue 14, item 12: the client page's Content-Security-Policy in the real box and Chromium. The
 * app still works under it (its inline bootstrap script runs: its hash is in the policy), and a
 * script injected into the page is blocked and reported as a violation.
 */
import { createHash } from 'node:crypto';
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
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(inline).toContain('__riffroomEarly');
    const hash = createHash('sha256').update(inline!).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.concurrent('works under the policy and blocks a script injected into it', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await page.addInitScript(recordViolations);
    await signUpThroughUi(page, newAccount('csp'));
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Explore Users' }).click();
    await page.getByRole('heading', { name: 'Explore Users' }).waitFor();
    const before = await page.evaluate(() => ({
      bootstrapRan: '__riffroomEarly' in window,
      violations: (window as unknown as { __violations: Violation[] }).__violations.slice(),
    }));
    expect(before).toEqual({ bootstrapRan: true, violations: [] });

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
