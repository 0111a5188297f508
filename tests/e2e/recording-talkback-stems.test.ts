/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Recording } from '@riffroom/protocol';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { newAccount, signedInPage, type SignedIn } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { bandLevelDb, decodedDurationS, maxVolumeDb, probeMedia } from '../support/media-probe.js';
import { installSteadyMicTone } from '../support/mic-tone.js';
import { audioRtpStats } from '../support/room-audio.js';
import { openHostRoom } from '../support/room-pages.js';
import { installStudioCapture, QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

// The talkback half of recording in Chromium (the program and screen half is recording.test.ts).
// About 50 s, so it runs in `npm run test:full`; tests/integration/recording.test.ts checks the
// stems and the muted span against the real recorder in every `npm test`.
const suite = useBoxAndChromium();
const downloads = mkdtempSync(path.join(tmpdir(), 'riffroom-e2e-recording-stems-'));
afterAll(() => rmSync(downloads, { recursive: true, force: true }));

/** A track of a finished recording, fetched through the REST route with `token` and saved for ffprobe. */
async function downloadTrack(baseUrl: string, recordingId: string, file: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/recordings/${recordingId}/tracks/${file}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const saved = path.join(downloads, `${recordingId}-${file}`);
  writeFileSync(saved, Buffer.from(await response.arrayBuffer()));
  return saved;
}

describe('recording with talkback in Chromium: a stem per talker, the tone only there, silence while muted', () => {
  // A tone per talker (and the program is noise): each stem is told apart by its frequency band.
  const ALICE_HZ = 440;
  const BOB_HZ = 660;

  async function talker(label: string, link: string, hz: number): Promise<SignedIn> {
    const person = await signedInPage(suite.browser, suite.box.baseUrl, label);
    await person.page.addInitScript(installStudioCapture, QUADRANT_COLOURS);
    await person.page.addInitScript(installSteadyMicTone, hz);
    await person.page.goto(link);
    await person.page.getByText('Connected (High Performance)').waitFor({ timeout: 20_000 });
    await person.page.getByTestId('talk-button').waitFor();
    return person;
  }

  it('two collaborators push to talk while the host records, and the host mutes one for a span', async () => {
    const hostAccount = newAccount('stemhost');
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, hostAccount);
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByText(/Program audio: \d+ kbps · stereo/).waitFor({ timeout: 15_000 });
    const producerFmtp = (await until(() => audioRtpStats(host.page, 'outbound-rtp'))).fmtp;
    const link = await host.page.getByLabel('Invite link').inputValue();
    const alice = await talker('alice', link, ALICE_HZ);
    const bob = await talker('bob', link, BOB_HZ);

    // Alice holds the Talk button, Bob the space bar, until the host has stopped.
    await alice.page.getByTestId('talk-button').hover();
    await alice.page.mouse.down();
    await bob.page.locator('body').click({ position: { x: 5, y: 5 } });
    await bob.page.keyboard.down('Space');
    const participants = host.page.getByRole('list', { name: 'Participants' });
    for (const person of [alice, bob]) {
      await participants
        .getByRole('listitem')
        .filter({ hasText: person.account.name })
        .getByTestId('speaking-indicator')
        .waitFor({ timeout: 15_000 });
    }

    await host.page.getByRole('button', { name: 'Record' }).click();
    await host.page.getByTestId('recording-indicator').waitFor({ timeout: 15_000 });
    const recordedAt = Date.now();
    const secondsIn = () => (Date.now() - recordedAt) / 1000;
    const untilSecond = (s: number) =>
      until(() => secondsIn() >= s, { timeoutMs: s * 1000 + 10_000, what: `${s} s recorded` });

    // The host mutes Alice from about 3 s to about 6 s in; she keeps holding the button.
    await untilSecond(3);
    await host.page.getByRole('button', { name: `Mute ${alice.account.name}` }).click();
    await alice.page.getByTestId('talkback-muted').getByText('Muted by host').waitFor({ timeout: 10_000 });
    const mutedSeenS = secondsIn();
    await untilSecond(mutedSeenS + 3);
    const unmuteClickS = secondsIn();
    await host.page.getByRole('button', { name: `Unmute ${alice.account.name}` }).click();
    await until(async () => (await alice.page.getByTestId('talkback-muted').count()) === 0, {
      what: 'Alice unmuted',
      timeoutMs: 10_000,
    });
    const unmutedSeenS = secondsIn();
    await untilSecond(Math.max(10, unmutedSeenS + 2.5));
    await host.page.getByRole('button', { name: 'Stop Recording' }).click();
    await host.page.getByRole('button', { name: 'Record' }).waitFor({ timeout: 20_000 });
    await alice.page.mouse.up();
    await bob.page.keyboard.up('Space');

    const call = jsonCaller(suite.box.baseUrl);
    const login = await call('POST', '/api/auth/login', {
      body: { email: hostAccount.email, password: hostAccount.password },
    });
    const token = login.body.idToken as string;
    const finished = await until(
      async () => {
        const found = ((await call('GET', '/api/recordings', { token })).body.recordings as Recording[])[0];
        return found?.status === 'complete' ? found : null;
      },
      { timeoutMs: 30_000, what: 'the recording finished' },
    );
    // Each talker has a stem of their own, beside the program, the screen and the rough mix.
    const stemOf = (person: SignedIn) =>
      finished.tracks.find((track) => track.kind === 'talker' && track.label === person.account.name)?.file;
    const aliceFile = stemOf(alice);
    const bobFile = stemOf(bob);
    expect(aliceFile).toMatch(/^talker-.*\.ogg$/);
    expect(bobFile).toMatch(/^talker-.*\.ogg$/);
    expect(aliceFile).not.toBe(bobFile);
    expect(finished.tracks.map((track) => track.file)).toEqual(expect.arrayContaining(['program.ogg', 'mix.ogg']));

    const program = await downloadTrack(suite.box.baseUrl, finished.id, 'program.ogg', token);
    const aliceStem = await downloadTrack(suite.box.baseUrl, finished.id, aliceFile!, token);
    const bobStem = await downloadTrack(suite.box.baseUrl, finished.id, bobFile!, token);
    // Program: 2-channel 48 kHz Opus, copied as the browser produced it (stereo=1 negotiated).
    expect((await probeMedia(program)).stream).toMatchObject({ codec: 'opus', channels: 2, sampleRate: 48000 });
    expect(producerFmtp).toMatch(/stereo=1/);
    // Every file as long as the recording, so they line up from t=0.
    const durationS = finished.durationMs / 1000;
    expect(durationS).toBeGreaterThan(9.5);
    for (const file of [program, aliceStem, bobStem]) {
      expect((await probeMedia(file)).stream).toMatchObject({ codec: 'opus', sampleRate: 48000 });
      expect(Math.abs((await decodedDurationS(file)) - durationS)).toBeLessThan(0.5);
    }

    // Each tone is in its talker's stem, not in the program, and not in the other talker's stem.
    const window = [0.5, 2] as const;
    const aliceTone = await bandLevelDb(aliceStem, ALICE_HZ, ...window);
    const bobTone = await bandLevelDb(bobStem, BOB_HZ, ...window);
    expect(aliceTone).toBeGreaterThan(-40);
    expect(bobTone).toBeGreaterThan(-40);
    expect(await bandLevelDb(program, ALICE_HZ, ...window)).toBeLessThan(aliceTone - 20);
    expect(await bandLevelDb(program, BOB_HZ, ...window)).toBeLessThan(bobTone - 20);
    expect(await bandLevelDb(bobStem, ALICE_HZ, ...window)).toBeLessThan(aliceTone - 20);
    // Alice's stem is silent while she was muted (margins for the pause's edges), and she is back after.
    expect(await maxVolumeDb(aliceStem, mutedSeenS + 0.5, unmuteClickS - mutedSeenS - 1)).toBeLessThan(-50);
    expect(await maxVolumeDb(aliceStem, unmutedSeenS + 0.7, 1)).toBeGreaterThan(-30);
    // Bob, never muted, talks through the same span.
    expect(await maxVolumeDb(bobStem, mutedSeenS + 0.5, unmuteClickS - mutedSeenS - 1)).toBeGreaterThan(-30);

    // A stranger gets no talker stem either.
    const stranger = await signUpUser({ call });
    const refused = await fetch(`${suite.box.baseUrl}/api/recordings/${finished.id}/tracks/${aliceFile}`, {
      headers: { authorization: `Bearer ${stranger.idToken}` },
    });
    expect([403, 404]).toContain(refused.status);
    for (const { page } of [host, alice, bob]) await page.context().close();
  }, 240_000);
});
