import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { readViewerStats, type ViewerStats } from '../support/link-stats.js';
import { installMovingScreen } from '../support/moving-screen.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { useShapedLinks } from '../support/shaped-links-suite.js';
import { until } from '../support/until.js';

/**
 * Issue 21's smoke test on real constrained links: the host shares a moving, text-heavy screen;
 * one viewer watches over an unshaped link, one over 500 kbit/s with 2% random loss (tc tbf on its
 * veth and iptables in its own network namespace). Both must see a moving picture, and the
 * constrained one a smaller layer than the unconstrained one: the SFU gives each viewer what its
 * own link carries. And program audio plays without gaps there: the host's stereo program audio
 * (noise, so Opus spends its whole 256 kbit/s) is never starved by video, because the SFU keeps the
 * audio's share of the link out of what the video layers may use (media/src/sfu/audio-reserve.ts),
 * and what the link loses is resent, because the link has room for that (audio-resends.ts).
 * Needs root (ip netns, tc, iptables). The full measurement is bench/constrained-viewers.ts.
 */
const VIEWERS = [
  { label: 'unconstrained', shape: {} },
  { label: '500 kbit/s, 2% loss', shape: { rateKbit: 500, lossPercent: 2 } },
];

/** Seconds of program audio measured once the viewer's video sits on a lower layer. */
const WINDOW_S = 20;
/** One-second reads on a lower layer before the window opens. */
const SETTLED_READS = 5;
/**
 * "Without gaps", as a bound that separates the behaviours measured on this link (20 s windows,
 * 2-core machine): unprotected, video fills the estimate and the link's queue drops audio, 2.8 to
 * 4.5% of the samples concealed on 500 kbit/s without loss; with 2% loss and no resends, what the
 * link loses is concealed on top (2 to 2.6% at 1 Mbit/s with 2% loss); protected and resent, 0 to
 * 0.25% (up to 1.25% when GoogCC's estimate overshoots the link long enough for one climb to a
 * higher layer: the climb then stops, see audio-reserve.ts).
 */
const MAX_CONCEALED_PERCENT = 1.5;

describe('viewers on real constrained links (network namespaces), in Chromium', () => {
  const suite = useShapedLinks(VIEWERS);
  let host: WatchedPage;
  const viewers: WatchedPage[] = [];

  it('the host shares a moving screen from the root namespace', async () => {
    host = await openHostRoom(await suite.launch(null), suite.box.baseUrl, newAccount('linkhost'), {
      beforeSignUp: (page) => page.addInitScript(installMovingScreen),
    });
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
  });

  it('a viewer on each link joins by the invite link, each from its own namespace', async () => {
    for (const link of suite.network.links) {
      viewers.push(await joinByInviteLink(await suite.launch(link.namespace), suite.box.baseUrl, host.page));
    }
  });

  it('both get a moving picture, and the 500 kbit/s viewer a smaller layer than the unconstrained one', async () => {
    const pages = viewers.map((viewer) => viewer.page);
    const read = () => Promise.all(pages.map((page) => readViewerStats(page)));
    // What each viewer got last, for the failure message: a number alone says little about a link.
    let last: ViewerStats[] = [];
    const described = (error: unknown) =>
      new Error(
        `${String(error)}; last read (unconstrained, 500 kbit/s with loss): ${JSON.stringify(last.map((s) => s.video))}`,
      );
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

  it('the 500 kbit/s viewer with loss plays the program audio without gaps, resent, while its video is on a lower layer', async () => {
    const viewer = viewers[1]!.page;
    const play = viewer.getByRole('button', { name: 'Play program audio' });
    if (await play.isVisible().catch(() => false)) await play.click();

    let last: ViewerStats | null = null;
    let lowerReads = 0;
    const firstAudio = (await readViewerStats(viewer)).audio?.ssrc;
    const settledLower = async () => {
      last = await readViewerStats(viewer);
      const width = last.video?.frameWidth ?? 0;
      // The audio consumer is renewed with resends once the viewer's estimates show room for them.
      const renewed = last.audio !== null && last.audio.ssrc !== firstAudio && last.audio.totalSamplesReceived > 0;
      lowerReads = width > 0 && width < 1280 && renewed ? lowerReads + 1 : 0;
      return lowerReads >= SETTLED_READS;
    };
    // The window opens once the viewer has stayed on a lower layer for a few reads, with resends on:
    // what is measured is the settled state.
    await until(settledLower, {
      timeoutMs: 60_000,
      intervalMs: 1000,
      what: `video on a lower layer and the audio renewed with resends, for ${SETTLED_READS} reads in a row`,
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
    expect(after.audio!.ssrc).toBe(before.audio!.ssrc);
    const figures = {
      concealedPercent: Math.round(concealedPercent * 100) / 100,
      audioNacks: after.audio!.nackCount - before.audio!.nackCount,
      concealmentEvents: after.audio!.concealmentEvents - before.audio!.concealmentEvents,
      videoFrames: after.video!.framesDecoded - before.video!.framesDecoded,
      widths: [...new Set(widths)],
    };
    console.log(`500 kbit/s viewer with 2% loss: ${JSON.stringify(figures)}`);
    expect(played).toBeGreaterThan(WINDOW_S * 48_000 * 0.8);
    // Video keeps moving on a lower layer (the audio is not bought by stopping the picture).
    expect(figures.videoFrames).toBeGreaterThan(WINDOW_S * 2);
    expect(Math.max(...widths)).toBeLessThan(1280);
    // The link's losses were asked for again, and came back in time to be played.
    expect(figures.audioNacks).toBeGreaterThan(0);
    expect(figures.concealedPercent).toBeLessThan(MAX_CONCEALED_PERCENT);
  }, 120_000);
  it('leaves no namespace, link or firewall rule behind', () => {
    const namespaces = suite.network.links.map((link) => link.namespace);
    suite.network.close();
    const listed = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout;
    const links = spawnSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' }).stdout;
    for (const namespace of namespaces) expect(listed).not.toContain(namespace);
    expect(links).not.toMatch(new RegExp(`\\brl${process.pid}[rn]\\d+`));
    expect(spawnSync('iptables', ['-S'], { encoding: 'utf8' }).stdout).not.toContain('statistic');
  });
});
