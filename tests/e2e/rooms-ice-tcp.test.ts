/// <reference lib="dom" />
// Code passed to addInitScript/evaluate runs in the browser, so this file sees DOM types.
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';

const suite = useBoxAndChromium();

/**
 * The browser sees only the SFU's TCP candidates (RFC 6544 passive), as behind a firewall that
 * drops UDP: its transports must connect over ICE-TCP, then DTLS and SRTP run over that TCP
 * connection, through the SRTP code the mediasoup 3.19 patch changed. Counted in window.iceTcp.
 */
function onlyTcpToTheSfu(): void {
  const seen = { tcp: 0, udpDropped: 0 };
  (window as unknown as { iceTcp: typeof seen }).iceTcp = seen;
  const setRemote = RTCPeerConnection.prototype.setRemoteDescription as (
    this: RTCPeerConnection,
    description: RTCSessionDescriptionInit,
  ) => Promise<void>;
  RTCPeerConnection.prototype.setRemoteDescription = function (
    this: RTCPeerConnection,
    description?: RTCSessionDescriptionInit,
  ) {
    // The SFU is the only ICE-lite peer here; PeerJS connections are left alone.
    if (description?.sdp?.includes('a=ice-lite')) {
      const sdp = description.sdp
        .split('\r\n')
        .filter((line) => {
          if (!line.startsWith('a=candidate')) return true;
          const udp = / udp /i.test(line);
          if (udp) seen.udpDropped += 1;
          else seen.tcp += 1;
          return !udp;
        })
        .join('\r\n');
      return setRemote.call(this, { type: description.type, sdp });
    }
    return setRemote.call(this, description as RTCSessionDescriptionInit);
  } as typeof RTCPeerConnection.prototype.setRemoteDescription;
}

const iceTcpCounts = (watched: WatchedPage) =>
  watched.page.evaluate(() => (window as unknown as { iceTcp: { tcp: number; udpDropped: number } }).iceTcp);

describe('the SFU over ICE-TCP only, in Chromium', () => {
  let host: WatchedPage;

  it('a host with no UDP to the SFU shares its screen over ICE-TCP', async () => {
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('tcp-host'), {
      beforeSignUp: (page) => page.addInitScript(onlyTcpToTheSfu),
    });
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await host.page.getByText('Connected (High Performance)').waitFor({ timeout: 30_000 });
    const counts = await iceTcpCounts(host);
    expect(counts.tcp).toBeGreaterThan(0);
    expect(counts.udpDropped).toBeGreaterThan(0);
  });

  it('a guest with no UDP either sees the host screen, pixel for pixel, through the SFU', async () => {
    const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
      beforeGoto: (page) => page.addInitScript(onlyTcpToTheSfu),
    });
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
    expect((await iceTcpCounts(guest)).tcp).toBeGreaterThan(0);
  });
});
