/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';

const suite = useBoxAndChromium();
const CLOUD_BACKUP = 'Connected (Cloud Backup)';
const HIGH_PERFORMANCE = 'Connected (High Performance)';
/** The first produce's 10 s, then 3 SFU attempts of 10 s each (spec part 9), then P2P, with slack. */
const FALLBACK_MS = 10_000 + 3 * 10_000 + 15_000;
/** The host retries the SFU every 60 s while sharing (HOST_CLIMB_INTERVAL_MS); two ticks, with slack. */
const CLIMB_MS = 2 * 60_000 + 15_000;

/**
 * The host's browser loses the SFU while `window.blockSfu` is set: the SFU's answers (the only ICE-lite
 * peer here) reach its peer connections without candidates, so its transports never connect, as if
 * a firewall dropped the SFU's port for this one browser. PeerJS connections are left alone.
 */
function blockSfuUntilCleared(): void {
  const flags = window as unknown as { blockSfu: boolean };
  flags.blockSfu = true;
  const setRemote = RTCPeerConnection.prototype.setRemoteDescription as (
    this: RTCPeerConnection,
    description: RTCSessionDescriptionInit,
  ) => Promise<void>;
  RTCPeerConnection.prototype.setRemoteDescription = function (
    this: RTCPeerConnection,
    description?: RTCSessionDescriptionInit,
  ) {
    if (flags.blockSfu && description?.sdp?.includes('a=ice-lite')) {
      const sdp = description.sdp
        .split('\r\n')
        .filter((line) => !line.startsWith('a=candidate'))
        .join('\r\n');
      return setRemote.call(this, { type: description.type, sdp });
    }
    return setRemote.call(this, description as RTCSessionDescriptionInit);
  } as typeof RTCPeerConnection.prototype.setRemoteDescription;
}

/** Every distinct text the status banner shows, in order, in `window.bannerTexts`. */
function recordBannerTexts(): void {
  const seen: string[] = [];
  (window as unknown as { bannerTexts: string[] }).bannerTexts = seen;
  const look = () => {
    const text = document.querySelector('[role="status"][data-tone]')?.textContent ?? null;
    if (text && seen.at(-1) !== text) seen.push(text);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
}

describe('climbing back to the SFU in Chromium', () => {
  let host: WatchedPage;
  let guest: WatchedPage;

  it('a host whose SFU breaks while sharing falls back to peer-to-peer, and so does a guest arriving then', async () => {
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('climb-host'), {
      beforeSignUp: (page) => page.addInitScript(blockSfuUntilCleared),
    });
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await host.page.getByText(CLOUD_BACKUP).waitFor({ timeout: FALLBACK_MS });

    guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
      banner: CLOUD_BACKUP,
      beforeGoto: (page) => page.addInitScript(recordBannerTexts),
    });
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
  }, 120_000);

  it(
    'once the host reaches the SFU again, the guest moves up to it, with no other status shown on the way',
    async () => {
      await host.page.evaluate(() => ((window as unknown as { blockSfu: boolean }).blockSfu = false));
      await host.page.getByText(HIGH_PERFORMANCE).waitFor({ timeout: CLIMB_MS });
      await guest.page.getByText(HIGH_PERFORMANCE).waitFor({ timeout: 20_000 });
      await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
      const banners = await guest.page.evaluate(() => (window as unknown as { bannerTexts: string[] }).bannerTexts);
      // Whatever came before the fallback, the last two are the fallback and the SFU: never 'Connecting...' between.
      expect(banners.slice(banners.lastIndexOf(CLOUD_BACKUP))).toEqual([CLOUD_BACKUP, HIGH_PERFORMANCE]);
      expect(host.dialogs).toEqual([]);
      expect(guest.dialogs).toEqual([]);
    },
    CLIMB_MS + 60_000,
  );
});
