import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { readViewerStats, type ViewerStats } from '../support/link-stats.js';
import { installMovingScreen } from '../support/moving-screen.js';
import { measuredKbps } from '../support/room-audio.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { useShapedLinks } from '../support/shaped-links-suite.js';
import { until } from '../support/until.js';

/**
 * A viewer on a link too thin for the studio's program audio (300 kbit/s with 5% random loss, tc tbf
 * and iptables in its own network namespace). The studio stream (256 kbit/s of noise, so Opus
 * spends all of it) fills that link by itself: before the thin stream, the picture got 2 frames a
 * second and 7.6% of the audio was concealed. The media node now judges the link from its
 * bandwidth estimates and gives the viewer the host's 64 kbit/s stream instead
 * (media/src/sfu/audio-rendition.ts), which leaves room for a moving picture. Needs root.
 */
const LINK = { label: '300 kbit/s, 5% loss', shape: { rateKbit: 300, lossPercent: 5 } };

/** Below this the viewer plays the thin stream (64 kbit/s cap); the studio one measures about 256. */
const THIN_KBPS = 100;
/** Seconds measured once the viewer plays the thin stream. */
const WINDOW_S = 20;

describe('a viewer on a link too thin for the studio audio, in Chromium', () => {
  // At 'info' the box logs each program audio change, which a failure prints.
  const suite = useShapedLinks([LINK], { LOG_LEVEL: 'info' });
  let host: WatchedPage;
  let viewer: WatchedPage;

  it('the host shares a moving screen and studio audio; the viewer joins from its namespace', async () => {
    const { box, network } = suite;
    host = await openHostRoom(await suite.launch(null), box.baseUrl, newAccount('thinhost'), {
      beforeSignUp: (page) => page.addInitScript(installMovingScreen),
    });
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    viewer = await joinByInviteLink(await suite.launch(network.links[0]!.namespace), box.baseUrl, host.page);
    const play = viewer.page.getByRole('button', { name: 'Play program audio' });
    if (await play.isVisible().catch(() => false)) await play.click();
  });

  it('moves the viewer to the thin program audio, and the room says what it plays', async () => {
    let kbps = 0;
    // 10 s of estimates before the first judgement, a renewed consumer and a 4 s reading: about 18 s
    // from the join. With the 30 s grace of before (a 300 kbit/s viewer saw no picture for that
    // long) it took 34 s or more.
    await until(
      async () => {
        kbps = (await measuredKbps(viewer.page, 'inbound-rtp', 4000)).kbps;
        return kbps < THIN_KBPS;
      },
      { timeoutMs: 28_000, intervalMs: 1000, what: `the viewer's program audio below ${THIN_KBPS} kbit/s` },
    ).catch((error: unknown) => {
      throw new Error(`${String(error)}; last measured ${Math.round(kbps)} kbit/s`);
    });
    await until(
      async () => {
        const shown = /Program audio: (\d+) kbps · stereo/.exec(
          await viewer.page.getByTestId('audio-stats').innerText(),
        );
        return shown !== null && Number(shown[1]) < THIN_KBPS;
      },
      { timeoutMs: 15_000, what: 'the room showing the thin stream’s bitrate, in stereo' },
    );
  }, 120_000);

  it('with the thin audio the picture moves, and the audio plays', async () => {
    // Resends may come on for the thin stream once the link shows room for them (audio-resends.ts),
    // which renews the consumer once more: a window is measured within one stream.
    let before = await readViewerStats(viewer.page);
    let after: ViewerStats = before;
    let started = Date.now();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      before = await readViewerStats(viewer.page);
      started = Date.now();
      await until(
        async () => {
          after = await readViewerStats(viewer.page);
          return Date.now() - started >= WINDOW_S * 1000 || after.audio?.ssrc !== before.audio?.ssrc;
        },
        { timeoutMs: (WINDOW_S + 10) * 1000, intervalMs: 1000, what: `a ${WINDOW_S} s window` },
      );
      if (after.audio?.ssrc === before.audio?.ssrc) break;
    }
    const audioChanges = suite.box
      .output()
      .split('\n')
      .filter((l) => l.includes('program audio'))
      .join('\n');
    // The counters of two streams do not subtract: a stream renewed in every window is the failure.
    expect(after.audio!.ssrc, `the program audio was renewed in each window:\n${audioChanges}`).toBe(
      before.audio!.ssrc,
    );
    const seconds = (Date.now() - started) / 1000;
    const played = after.audio!.totalSamplesReceived - before.audio!.totalSamplesReceived;
    const concealed = after.audio!.concealedSamples - before.audio!.concealedSamples;
    const figures = {
      fps: Math.round(((after.video!.framesDecoded - before.video!.framesDecoded) / seconds) * 10) / 10,
      width: after.video!.frameWidth,
      freezeS: Math.round((after.video!.totalFreezesDuration - before.video!.totalFreezesDuration) * 10) / 10,
      concealedPercent: Math.round((concealed / Math.max(1, played)) * 10_000) / 100,
      audioNacks: after.audio!.nackCount - before.audio!.nackCount,
    };
    console.log(`300 kbit/s viewer with 5% loss on the thin audio: ${JSON.stringify(figures)}`);
    console.log(audioChanges);
    expect(played).toBeGreaterThan(WINDOW_S * 48_000 * 0.8);
    // The target for a 300 kbit/s viewer: a moving picture (issue 21: >= 5 fps). With the studio
    // stream on this link: 2.1 fps.
    expect(figures.fps).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
