/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';

/**
 * The SFU listens on 127.0.0.1 but tells browsers its ICE candidate is 127.0.0.2, where nothing
 * listens: signalling works, every transport is created, and no ICE check ever gets an answer. That
 * is an SFU port a firewall blocks, as seen from the browser.
 */
const suite = useBoxAndChromium({ RTC_LISTEN_IP: '127.0.0.1', RTC_ANNOUNCED_ADDRESS: '127.0.0.2' });
const RELAY_WARNING = 'Using server relay mode (lower quality)...';
/** 3 SFU attempts of 10 s each (spec part 9), then the relay's own connect, with some slack. */
const FALLBACK_MS = 3 * 10_000 + 15_000;

describe('collaboration room with the SFU port unreachable, in Chromium', () => {
  let host: WatchedPage;
  let guest: WatchedPage;

  it('the host, once sharing, finds its SFU transport never connects and shows the relay fallback', async () => {
    // Nothing to send yet: signalling alone makes the first attempt pass (see SfuTier.start).
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('fallback-host'));
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
    // The first produce gets 10 s to connect, then 3 more attempts: orange, never 'Unable to connect'.
    const banner = host.page.getByText(RELAY_WARNING);
    await banner.waitFor({ timeout: 10_000 + FALLBACK_MS });
    expect(await banner.getAttribute('data-tone')).toBe('fallback');
    expect(await host.page.getByText('Unable to connect. Please try again.').count()).toBe(0);
  }, 120_000);

  it('a guest by the plain invite link is turned away from the SFU the host left, and sees the screen on the relay', async () => {
    // The host told the media node it left the SFU (sfu:close-transports), so the guest's first SFU
    // call is refused (sfu/host-off-sfu) and it moves on at once: the relay banner within the 15 s
    // joinByInviteLink allows, where 3 SFU attempts of 10 s each would take twice that.
    guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, { banner: RELAY_WARNING });
    const banner = guest.page.getByText(RELAY_WARNING);
    expect(await banner.getAttribute('data-tone')).toBe('fallback');
    expect(await guest.page.getByTestId('remote-screen').count()).toBe(0);
    await untilVideoShows(guest.page, 'relay-canvas', QUADRANT_COLOURS);
    expect(await guest.page.getByText('Connected (High Performance)').count()).toBe(0);
    // Not one WebRTC connection was opened towards the SFU (each attempt there would make some;
    // against this unreachable port they fail within seconds, so the banner alone cannot tell).
    const peerConnections = await guest.page.evaluate(
      () => (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections.length,
    );
    expect(peerConnections).toBe(0);
  });

  it('when the host stops sharing, the guest is told to wait again', async () => {
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).click();
    await guest.page.getByText('Waiting for host to share screen...').waitFor();
    expect(host.dialogs).toEqual([]);
    expect(guest.dialogs).toEqual([]);
  });
});
