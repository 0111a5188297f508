/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { readHostCounters } from '../../bench/lib/screen-layers-pages.js';
import { newAccount } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { installTextScreen } from '../support/text-screen.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium({ SCREEN_LAYERS: 'single' });

describe('SCREEN_LAYERS=single: the one screen stream of before layers', () => {
  // One stream of the captured 1280x720, or a 16:9 step below it when Chromium's encoder scales
  // down on a busy machine (its CPU adaptation, which a single stream has no layer to replace).
  it('the host sends one VP8 stream and the viewer gets it, with no layer to show', async () => {
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('single'), {
      beforeSignUp: (page) => page.addInitScript(installTextScreen, ''),
    });
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, { maxKbps: 300 });
    const shown = await until(
      async () => {
        const text = (await guest.page.getByTestId('video-quality').textContent()) ?? '';
        return /^Video: \d+×\d+ · [1-9]\d* fps$/.test(text) ? text : null;
      },
      { timeoutMs: 30_000, what: "the guest's stats showing a moving picture with no layer" },
    );
    expect(shown).not.toContain('layer');
    // Even capped, a single stream has nothing smaller to give: the guest gets the host's one stream.
    expect(await guest.page.getByTestId('video-quality').getAttribute('data-spatial-layer')).toBeNull();
    const { layers } = await host.page.evaluate(readHostCounters);
    expect(layers.map((layer) => layer.rid)).toEqual(['']);
    const { width, height } = layers[0]!;
    expect(width).toBeGreaterThanOrEqual(320);
    expect(width).toBeLessThanOrEqual(1280);
    expect(Math.abs(width / height - 16 / 9)).toBeLessThan(0.05);
    const [, shownWidth] = /^Video: (\d+)×/.exec(shown)!;
    expect(Number(shownWidth)).toBeLessThanOrEqual(1280);
    const codec = await host.page.evaluate(async () => {
      const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
      for (const connection of connections) {
        for (const stat of (await connection.getStats()).values()) {
          if (stat.type === 'outbound-rtp' && stat.kind === 'video') {
            return ((await connection.getStats()).get(stat.codecId) as { mimeType?: string })?.mimeType;
          }
        }
      }
      return undefined;
    });
    expect(codec).toBe('video/VP8');
  });
});
