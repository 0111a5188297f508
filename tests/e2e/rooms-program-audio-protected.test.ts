import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { startBox, type Box } from '../support/box.js';
import { readViewerStats, type ViewerStats } from '../support/link-stats.js';
import { installMovingScreen } from '../support/moving-screen.js';
import { launchChromiumIn } from '../support/netns-chromium.js';
import { createTestNetwork, type TestNetwork } from '../support/netns.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { until } from '../support/until.js';

/**
 * Issue 21, "program audio is never starved by video": the host shares the moving, text-heavy
 * screen in layers with its stereo program audio (noise, so Opus spends its whole 256 kbit/s); a
 * viewer watches over 500 kbit/s (tc tbf on its own veth). Its video must step down to a lower
 * layer, and its program audio must keep playing: the SFU keeps the audio's share of the link out
 * of what the video layers may use (media/src/sfu/audio-reserve.ts).
 * Needs root (ip netns, tc, iptables).
 */
const LINK = { label: '500 kbit/s', shape: { rateKbit: 500 } };
/** Seconds of program audio measured once the viewer's video sits on a lower layer. */
const WINDOW_S = 20;
/** One-second reads on a lower layer before the window opens. */
const SETTLED_READS = 5;
/**
 * "Without gaps": under 1% of the window's samples concealed (200 ms in 20 s). Unprotected, video
 * fills the estimate and the link's queue drops audio: several percent is concealed. A protected
 * viewer on a quiet machine conceals well under 0.5% (the bench's bound over a minute); the
 * margin covers a short window on a busy 2-core machine, where one late burst already counts.
 */
const MAX_CONCEALED_PERCENT = 1;

describe('program audio over a 500 kbit/s link (network namespace), in Chromium', () => {
  let network: TestNetwork;
  let box: Box;
  const browsers: Browser[] = [];
  let host: Page;
  let viewer: Page;

  beforeAll(async () => {
    network = createTestNetwork([LINK]);
    box = await startBox({ HOST: network.boxAddress, RTC_LISTEN_IP: network.boxAddress, SCREEN_LAYERS: 'simulcast' });
  });
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await box?.stop();
    network?.close();
  });

  it('the host shares a moving screen with its program audio', async () => {
    const browser = await launchChromiumIn(null, box.baseUrl);
    browsers.push(browser);
    host = (
      await openHostRoom(browser, box.baseUrl, newAccount('audiohost'), {
        beforeSignUp: (page) => page.addInitScript(installMovingScreen),
      })
    ).page;
    await host.getByLabel('Program audio source').selectOption('capture');
    await host.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
  });

  it('the 500 kbit/s viewer plays the program audio without gaps while its video is on a lower layer', async () => {
    const browser = await launchChromiumIn(network.links[0]!.namespace, box.baseUrl);
    browsers.push(browser);
    viewer = (await joinByInviteLink(browser, box.baseUrl, host)).page;
    const play = viewer.getByRole('button', { name: 'Play program audio' });
    if (await play.isVisible().catch(() => false)) await play.click();

    let last: ViewerStats | null = null;
    let lowerReads = 0;
    const settledLower = async () => {
      last = await readViewerStats(viewer);
      const width = last.video?.frameWidth ?? 0;
      const lower = width > 0 && width < 1280 && (last.audio?.totalSamplesReceived ?? 0) > 0;
      lowerReads = lower ? lowerReads + 1 : 0;
      return lowerReads >= SETTLED_READS;
    };
    // The estimate starts at the screen's working rate (1.5 Mbit/s) and falls to the link's within
    // seconds; the window opens once the viewer has stayed on a lower layer for a few reads, so the
    // queue that first overshoot filled has drained: what is measured is the settled state.
    await until(settledLower, {
      timeoutMs: 60_000,
      intervalMs: 1000,
      what: `video on a lower layer for ${SETTLED_READS} reads in a row, audio playing`,
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}; last read: ${JSON.stringify(last)}`);
    });
    const before = await readViewerStats(viewer);
    const widths: number[] = [];
    const started = Date.now();
    await until(
      async () => {
        widths.push((await readViewerStats(viewer)).video?.frameWidth ?? 0);
        return Date.now() - started >= WINDOW_S * 1000;
      },
      { timeoutMs: (WINDOW_S + 10) * 1000, intervalMs: 1000, what: `a ${WINDOW_S} s window` },
    );
    const after = await readViewerStats(viewer);
    const played = after.audio!.totalSamplesReceived - before.audio!.totalSamplesReceived;
    const concealed = after.audio!.concealedSamples - before.audio!.concealedSamples;
    const concealedPercent = (concealed / Math.max(1, played)) * 100;
    const figures = {
      concealedPercent: Math.round(concealedPercent * 100) / 100,
      concealmentEvents: after.audio!.concealmentEvents - before.audio!.concealmentEvents,
      videoFrames: after.video!.framesDecoded - before.video!.framesDecoded,
      widths: [...new Set(widths)],
    };
    console.log(`500 kbit/s viewer: ${JSON.stringify(figures)}`);
    expect(played).toBeGreaterThan(WINDOW_S * 48_000 * 0.8);
    // Video keeps moving on a lower layer (the audio is not bought by stopping the picture).
    expect(figures.videoFrames).toBeGreaterThan(WINDOW_S * 2);
    expect(Math.max(...widths)).toBeLessThan(1280);
    expect(figures.concealedPercent).toBeLessThan(MAX_CONCEALED_PERCENT);
  }, 120_000);
});
