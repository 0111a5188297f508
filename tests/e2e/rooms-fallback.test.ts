/// <reference lib="dom" />
// Code passed to page.evaluate/addInitScript runs in the browser, so this file sees DOM types.
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { openPage, type WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';

/**
 * The SFU listens on 127.0.0.1 but tells browsers its ICE candidate is 127.0.0.2, where nothing
 * listens: signalling works, every transport is created, and no ICE check ever gets an answer. That
 * is an SFU port a firewall blocks, as seen from the browser. A page may be let through that
 * firewall (`letThroughSfuFirewall`): the climb back to the SFU needs a host that reaches it again.
 */
const UNREACHABLE_SFU_IP = '127.0.0.2';
const suite = useBoxAndChromium({ RTC_LISTEN_IP: '127.0.0.1', RTC_ANNOUNCED_ADDRESS: UNREACHABLE_SFU_IP });
const RELAY_WARNING = 'Using server relay mode (lower quality)...';
const CLOUD_BACKUP = 'Connected (Cloud Backup)';
const HIGH_PERFORMANCE = 'Connected (High Performance)';
/** 3 SFU attempts of 10 s each (spec part 9), then the next tier's own connect, with some slack. */
const FALLBACK_MS = 3 * 10_000 + 15_000;
/** The host retries the SFU every 60 s while sharing (HOST_CLIMB_INTERVAL_MS); two ticks, with slack. */
const CLIMB_MS = 2 * 60_000 + 15_000;

/**
 * While `window.sfuFirewalled` is false, the SFU's answers (the only ICE-lite peer here) reach this
 * page's peer connections with the SFU's real address in their candidates instead of the unreachable
 * one: the firewall lets this browser through. PeerJS connections are left alone.
 */
function letThroughSfuFirewall({ firewalled, unreachable }: { firewalled: boolean; unreachable: string }): void {
  const flags = window as unknown as { sfuFirewalled: boolean };
  flags.sfuFirewalled = firewalled;
  const setRemote = RTCPeerConnection.prototype.setRemoteDescription as (
    this: RTCPeerConnection,
    description: RTCSessionDescriptionInit,
  ) => Promise<void>;
  RTCPeerConnection.prototype.setRemoteDescription = function (
    this: RTCPeerConnection,
    description?: RTCSessionDescriptionInit,
  ) {
    if (!flags.sfuFirewalled && description?.sdp?.includes('a=ice-lite')) {
      const sdp = description.sdp
        .split('\r\n')
        .map((line) => (line.startsWith('a=candidate') ? line.replace(` ${unreachable} `, ' 127.0.0.1 ') : line))
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

describe('collaboration room with the SFU port unreachable, in Chromium', () => {
  let host: WatchedPage;
  let guest: WatchedPage;

  it('the host, once sharing, finds its SFU transport never connects and falls back to peer-to-peer', async () => {
    // Nothing to send yet: signalling alone makes the first attempt pass (see SfuTier.start).
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('fallback-host'), {
      beforeSignUp: (page) =>
        page.addInitScript(letThroughSfuFirewall, { firewalled: true, unreachable: UNREACHABLE_SFU_IP }),
    });
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
    // The first produce gets 10 s to connect, then 3 more attempts, then the peer server (reachable:
    // it is plain HTTP on the box) makes the peer-to-peer tier work: orange, never 'Unable to connect'.
    const banner = host.page.getByText(CLOUD_BACKUP);
    await banner.waitFor({ timeout: 10_000 + FALLBACK_MS });
    expect(await banner.getAttribute('data-tone')).toBe('fallback');
    expect(await host.page.getByText('Unable to connect. Please try again.').count()).toBe(0);
  }, 120_000);

  it('a guest by the plain invite link is turned away from the SFU the host left, and lands on peer-to-peer', async () => {
    // The host told the media node it left the SFU (sfu:close-transports), so the guest's first SFU
    // call is refused (sfu/host-off-sfu) and it moves on at once to the next tier, although this
    // guest could reach the SFU: were it let on, it would show 'Connected (High Performance)'.
    // Host and guest share the loopback: their peer connection works where the SFU's port does not.
    guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
      banner: CLOUD_BACKUP,
      beforeGoto: async (page) => {
        await page.addInitScript(letThroughSfuFirewall, { firewalled: false, unreachable: UNREACHABLE_SFU_IP });
        await page.addInitScript(recordBannerTexts);
      },
    });
    const banner = guest.page.getByText(CLOUD_BACKUP);
    expect(await banner.getAttribute('data-tone')).toBe('fallback');
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
    expect(await guest.page.getByText(HIGH_PERFORMANCE).count()).toBe(0);
  });

  it('when the host stops sharing, the guest is told to wait again, and sees the screen when it restarts', async () => {
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).click();
    await guest.page.getByText('Waiting for host to share screen...').waitFor();
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
    expect(await guest.page.getByText(CLOUD_BACKUP).count()).toBe(1);
  });

  it(
    'once the host reaches the SFU again, the guest moves up to it, with no other status shown on the way',
    async () => {
      await host.page.evaluate(() => ((window as unknown as { sfuFirewalled: boolean }).sfuFirewalled = false));
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

  it('a guest where peer-to-peer fails too (no RTCPeerConnection) ends on the relay and sees the host screen', async () => {
    const link = await host.page.getByLabel('Invite link').inputValue();
    const relayGuest = await openPage(suite.browser, suite.box.baseUrl);
    // Without RTCPeerConnection the SFU attempts fail at once and PeerJS reports browser-incompatible.
    await relayGuest.page.addInitScript(() => {
      // Both names: PeerJS' WebRTC adapter would bring the prefixed one back as RTCPeerConnection.
      delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
      delete (window as unknown as { webkitRTCPeerConnection?: unknown }).webkitRTCPeerConnection;
    });
    await relayGuest.page.goto(link);
    const banner = relayGuest.page.getByText(RELAY_WARNING);
    await banner.waitFor({ timeout: FALLBACK_MS });
    expect(await banner.getAttribute('data-tone')).toBe('fallback');
    expect(await relayGuest.page.getByTestId('remote-screen').count()).toBe(0);
    await untilVideoShows(relayGuest.page, 'relay-canvas', QUADRANT_COLOURS);
    expect(relayGuest.dialogs).toEqual([]);
    await relayGuest.page.context().close();
  }, 90_000);
});
