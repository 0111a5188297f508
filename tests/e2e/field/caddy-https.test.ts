/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, signUpThroughUi } from '../../support/accounts.js';
import { startBox, type Box } from '../../support/box.js';
import { launchChromium, openPage, type WatchedPage } from '../../support/browser.js';
import { startCaddy, type Caddy } from '../../support/caddy.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../../support/room-pages.js';
import { decodedChannels } from '../../support/room-audio.js';
import { QUADRANT_COLOURS } from '../../support/studio-capture.js';
import { until } from '../../support/until.js';

// The box in the field: behind the shipped docker/Caddyfile (real Caddy, `tls internal`) on a name
// that is not localhost, so the page is a secure context because of HTTPS and nothing else. Chromium
// maps studio.test to 127.0.0.1 and trusts Caddy's local CA (its SPKI hashes), as a studio's
// browsers would after installing that CA once.
const NAME = 'studio.test';
const HTTPS_MESSAGE =
  /This room needs HTTPS\..*"Putting it on the internet" in the Riffroom README's guides \(docs\/internet\.md\)/;
const RELAY_WARNING = 'Using server relay mode (lower quality)...';

let box: Box;
let caddy: Caddy;
let browser: Browser;
let httpsUrl: string;

beforeAll(async () => {
  // Behind one proxy: the box reads the client's address from Caddy's X-Forwarded-For.
  box = await startBox({ TRUST_PROXY: '1' });
  caddy = await startCaddy(`127.0.0.1:${box.port}`, NAME);
  httpsUrl = `https://${NAME}:${caddy.httpsPort}`;
  browser = await launchChromium([
    `--host-resolver-rules=MAP ${NAME} 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${caddy.caSpkiHashes().join(',')}`,
  ]);
});

afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await box?.stop();
});

describe('a room through Caddy with tls internal, at https://studio.test', () => {
  let host: WatchedPage;

  it('the host page is a secure context on a non-localhost name, and shows no HTTPS message', async () => {
    host = await openHostRoom(browser, httpsUrl, newAccount('field-host'));
    expect(await host.page.evaluate(() => [window.isSecureContext, location.origin])).toEqual([true, httpsUrl]);
    expect(await host.page.getByText(HTTPS_MESSAGE).count()).toBe(0);
    expect(await host.page.getByLabel('Invite link').inputValue()).toMatch(
      new RegExp(`^${httpsUrl.replaceAll('.', '\\.')}/join-room/`),
    );
  });

  it('the host shares the screen with program audio', async () => {
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
  });

  it('a guest in another context gets the picture over the SFU, and chat both ways through Caddy', async () => {
    const guest = await joinByInviteLink(browser, httpsUrl, host.page);
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
    await guest.page.getByLabel('Chat message').fill('hello through caddy');
    await guest.page.getByLabel('Chat message').press('Enter');
    await host.page.getByText('hello through caddy').waitFor();
    await host.page.getByLabel('Chat message').fill('welcome, guest');
    await host.page.getByRole('button', { name: 'Send' }).click();
    await guest.page.getByText('welcome, guest').waitFor();
    expect(guest.dialogs).toEqual([]);
    await guest.page.context().close();
  });

  it('a relay guest gets the picture and hears the program audio (WebCodecs, which needs HTTPS)', async () => {
    const guest = await joinByInviteLink(browser, httpsUrl, host.page, { tier: 'relay', banner: RELAY_WARNING });
    expect(await guest.page.getByText(/Relay audio and talkback need HTTPS/).count()).toBe(0);
    await untilVideoShows(guest.page, 'relay-canvas', QUADRANT_COLOURS);
    await until(
      async () => {
        const play = guest.page.getByRole('button', { name: 'Play program audio' });
        if (await play.isVisible()) await play.click();
        const levels = await decodedChannels(guest.page).catch(() => null);
        return levels && levels.leftEnergy > 1 && levels.rightEnergy > 1;
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'relay guest playing program audio' },
    );
    expect(await guest.page.getByTestId('relay-audio-unsupported').count()).toBe(0);
    expect(host.dialogs).toEqual([]);
    await guest.page.context().close();
  });
});

describe('the same box over plain HTTP at http://studio.test', () => {
  it('the host screen says the room needs HTTPS before anything fails, naming the docs page', async () => {
    const plainUrl = `http://${NAME}:${box.port}`;
    const host = await openPage(browser, plainUrl);
    await signUpThroughUi(host.page, newAccount('plain-host'));
    await host.page.waitForURL('**/dashboard', { timeout: 20_000 });
    expect(await host.page.evaluate(() => window.isSecureContext)).toBe(false);
    await host.page.getByRole('button', { name: 'Collaborations' }).click();
    await host.page.getByRole('button', { name: 'Start Hosting' }).click();
    await host.page.waitForURL('**/host-collaboration');
    await host.page.getByText(HTTPS_MESSAGE).waitFor({ timeout: 15_000 });
    expect(await host.page.getByText(HTTPS_MESSAGE).textContent()).toContain(plainUrl);
    // Nothing has been tried, so nothing has failed: no alert yet.
    expect(host.dialogs).toEqual([]);
    await host.page.context().close();
  });
});
