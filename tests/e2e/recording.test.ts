/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { decodedDurationS, probeMedia } from '../support/media-probe.js';
import { audioRtpStats } from '../support/room-audio.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium();
const downloads = mkdtempSync(path.join(tmpdir(), 'riffroom-e2e-recording-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** What the browser downloads when a button of the recording's card is clicked, saved for ffprobe. */
async function downloadFromCard(page: WatchedPage['page'], label: string, file: string): Promise<string> {
  const card = page.getByTestId('recording-card').first();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: label, exact: true }).click(),
  ]);
  const saved = path.join(downloads, file);
  await download.saveAs(saved);
  return saved;
}

describe('recording a room in Chromium: program audio and screen, downloaded and checked', () => {
  const hostAccount = newAccount('recorder');
  let host: WatchedPage;
  let guest: WatchedPage;
  let recording: Recording;
  let producerFmtp = '';

  it('the host shares the screen with program audio and records about 10 s; a guest sees ● Recording', async () => {
    host = await openHostRoom(suite.browser, suite.box.baseUrl, hostAccount);
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
    await host.page.getByText(/Program audio: \d+ kbps · stereo/).waitFor({ timeout: 15_000 });
    producerFmtp = (await until(() => audioRtpStats(host.page, 'outbound-rtp'))).fmtp;
    guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page);
    expect(await guest.page.getByTestId('recording-indicator').count()).toBe(0);

    await host.page.getByRole('button', { name: 'Record' }).click();
    await host.page.getByTestId('recording-indicator').waitFor({ timeout: 15_000 });
    expect(await host.page.getByTestId('recording-indicator').textContent()).toBe('● Recording');
    await guest.page.getByTestId('recording-indicator').waitFor({ timeout: 15_000 });
    expect(await guest.page.getByTestId('recording-indicator').textContent()).toBe('● Recording');
    // About 10 s of the session go into the files.
    const startedAt = Date.now();
    await until(() => Date.now() - startedAt >= 10_000, { timeoutMs: 15_000, what: '10 s recorded' });

    await host.page.getByRole('button', { name: 'Stop Recording' }).click();
    await host.page.getByRole('button', { name: 'Record' }).waitFor({ timeout: 20_000 });
    await until(async () => (await guest.page.getByTestId('recording-indicator').count()) === 0, {
      what: 'the guest’s indicator gone',
    });
    expect(host.dialogs).toEqual([]);
  });

  it('lists it under Projects → Recordings once finished, and the files are what was sent', async () => {
    const call = jsonCaller(suite.box.baseUrl);
    const login = await call('POST', '/api/auth/login', {
      body: { email: hostAccount.email, password: hostAccount.password },
    });
    recording = await until(
      async () => {
        const list = await call('GET', '/api/recordings', { token: login.body.idToken });
        const found = (list.body.recordings as Recording[])[0];
        return found?.status === 'complete' ? found : null;
      },
      { timeoutMs: 30_000, what: 'the recording finished' },
    );
    expect(recording.tracks.map((track) => track.file).sort()).toEqual(['mix.ogg', 'program.ogg', 'screen.webm']);

    await host.page.goto('/dashboard?tab=projects');
    await host.page.getByRole('heading', { name: 'Recordings' }).waitFor();
    const card = host.page.getByTestId('recording-card').first();
    await card.getByText('Complete').waitFor();
    const program = await downloadFromCard(host.page, 'Program audio', 'program.ogg');
    const screen = await downloadFromCard(host.page, 'Screen', 'screen.webm');
    const durationS = recording.durationMs / 1000;
    expect(durationS).toBeGreaterThan(9.5);

    // Program: 2-channel 48 kHz Opus, copied as the browser produced it (stereo=1 negotiated).
    const probedProgram = await probeMedia(program);
    expect(probedProgram.stream).toMatchObject({ codec: 'opus', channels: 2, sampleRate: 48000 });
    expect(producerFmtp).toMatch(/stereo=1/);
    // Screen: VP8 in WebM, copied as sent: the fake capture's 1280x720, or a 16:9 step below it when
    // Chromium's encoder scales down on a busy machine (its CPU adaptation, not the recorder's).
    const probedScreen = await probeMedia(screen);
    expect(probedScreen.stream).toMatchObject({ codec: 'vp8' });
    const { width = 0, height = 0 } = probedScreen.stream;
    expect(width).toBeGreaterThanOrEqual(320);
    expect(width).toBeLessThanOrEqual(1280);
    expect(Math.abs(width / height - 16 / 9)).toBeLessThan(0.05);
    // Both started at Record (the host was already sharing): each runs from its offset on the
    // recording's timeline (the moment its RTP began to flow, after ffmpeg took its port) to the end.
    // The screen's first picture is the first keyframe, which the recorder asks for at once and again
    // after 1.2 s (a request inside the host's keyframe delay waits): its file may start up to then.
    for (const [file, name, keyframeWaitS] of [
      [program, 'program.ogg', 0],
      [screen, 'screen.webm', 1.2],
    ] as const) {
      const track = recording.tracks.find((candidate) => candidate.file === name)!;
      expect(track.offsetMs).toBeLessThan(2000);
      const expectedS = durationS - track.offsetMs / 1000;
      const decodedS = await decodedDurationS(file);
      expect(decodedS, `${name} from ${track.offsetMs} ms`).toBeGreaterThan(expectedS - keyframeWaitS - 0.5);
      expect(decodedS, `${name} from ${track.offsetMs} ms`).toBeLessThan(expectedS + 0.5);
    }
  });

  it('a stranger cannot download it', async () => {
    const stranger = await signUpUser({ call: jsonCaller(suite.box.baseUrl) });
    for (const route of [`/tracks/program.ogg`, `/zip`]) {
      const response = await fetch(`${suite.box.baseUrl}/api/recordings/${recording.id}${route}`, {
        headers: { authorization: `Bearer ${stranger.idToken}` },
      });
      expect([403, 404]).toContain(response.status);
    }
  });
});
