import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonCaller } from '../../server/src/testing/test-api.js';
import { makeWav, tusClient } from '../../server/src/testing/tus-client.js';
import { signedInPage } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';

const suite = useBoxAndChromium();
const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-projects-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('projects in Chromium', () => {
  it('uploads over a slow link, resumes after a reload, checks the hash, shows the waveform and A/Bs v2 level-matched', async () => {
    const engineer = await signedInPage(suite.browser, suite.box.baseUrl, 'engineer');
    const call = jsonCaller(suite.box.baseUrl);
    const { project } = (await call('POST', '/api/projects', { token: engineer.idToken, body: { name: 'EP' } })).body;
    // 60 s of 24-bit 48 kHz stereo: about 17 MB, two 8 MB chunks and a bit.
    const file = path.join(dir, 'mix.wav');
    makeWav(file, 60);
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');

    const { page } = engineer;
    const cdp = await page.context().newCDPSession(page);
    // About 40 Mbit/s up: slow enough to reload in the middle.
    const slow = { offline: false, latency: 20, downloadThroughput: 50e6 / 8, uploadThroughput: 40e6 / 8 };
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', slow);
    await page.goto(`${suite.box.baseUrl}/projects/${project.id}`);
    await page.getByLabel('Audio files to upload').setInputFiles(file);
    const progress = page.getByLabel('mix.wav uploaded');
    await page.waitForFunction(
      () => Number(document.querySelector('progress')?.getAttribute('value') ?? 0) >= 50,
      undefined,
      { timeout: 60_000 },
    );
    expect(Number(await progress.getAttribute('value'))).toBeLessThan(100);

    // A reload mid-way; the same file chosen again continues where the server stopped.
    await page.reload();
    await cdp.send('Network.emulateNetworkConditions', slow);
    await page.getByLabel('Audio files to upload').setInputFiles(file);
    await page.getByText('resumed').first().waitFor();
    const hash = page.locator('.upload-hash');
    await hash.getByText('✓ matches your file').waitFor({ timeout: 60_000 });
    expect(await hash.locator('code').textContent()).toBe(sha256);

    const version = page.locator('.version').first();
    await version.getByText(/v1 · mix\.wav/).waitFor();
    await version.getByText(/PCM · WAV · 48 kHz · 24-bit · stereo · 1:00 · -\d+\.\d LUFS · -\d+\.\d dBTP/).waitFor({
      timeout: 30_000,
    });
    // The waveform drew: wavesurfer put its canvas in the container, and Play is offered.
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('.waveform')?.firstElementChild?.shadowRoot?.querySelectorAll('canvas').length ?? 0) >
        0,
    );

    const stored = (await call('GET', `/api/projects/${project.id}`, { token: engineer.idToken })).body.project;
    expect(stored.tracks[0].versions[0].sha256).toBe(sha256);

    // v2, made 6 dB louder on purpose: A/B turns it down by the measured difference and says so.
    const louder = path.join(dir, 'mix-v2.wav');
    makeWav(louder, 60, -6);
    const bytes = readFileSync(louder);
    const tus = tusClient(suite.box.baseUrl, engineer.idToken);
    const created = await tus.create(bytes.length, {
      projectId: project.id,
      filename: 'mix v2.wav',
      trackId: stored.tracks[0].id,
    });
    expect((await tus.patch(created.headers.location!, 0, bytes)).status).toBe(200);
    await cdp.send('Network.emulateNetworkConditions', { ...slow, uploadThroughput: -1, downloadThroughput: -1 });
    await page.reload();
    const gains = page.locator('.ab-gains');
    await gains.waitFor({ timeout: 30_000 });
    expect(await gains.textContent()).toMatch(/v2 \(-?\d+\.\d LUFS\): −(5\.[5-9]|6\.[0-5]) dB/);
    await page.getByRole('button', { name: /Hearing A \(v1\)/ }).waitFor();
    await page.keyboard.press('x');
    await page.getByRole('button', { name: /Hearing B \(v2\)/ }).waitFor();
    await page.context().close();
  });
});
