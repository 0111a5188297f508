/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { openPage, type WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { decodedChannels } from '../support/room-audio.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium();
const RELAY_WARNING = 'Using server relay mode (lower quality)...';

describe('collaboration room over the frame relay (?tier=relay), in Chromium', () => {
  let host: WatchedPage;
  let guest: WatchedPage;

  it('the host shares a screen with stereo program audio over the SFU as usual', async () => {
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('relay-host'));
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
  });

  it('a guest forced onto the relay sees the warning and the host screen on its 1280x720 canvas', async () => {
    guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
      tier: 'relay',
      banner: RELAY_WARNING,
    });
    // Orange: the banner's fallback tone (spec part 2).
    expect(await guest.page.getByText(RELAY_WARNING).getAttribute('data-tone')).toBe('fallback');
    expect(await guest.page.getByTestId('remote-screen').count()).toBe(0);
    await untilVideoShows(guest.page, 'relay-canvas', QUADRANT_COLOURS);
    const size = await guest.page
      .getByTestId('relay-canvas')
      .evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height, canvas.clientHeight]);
    expect(size).toEqual([1280, 720, 400]);
    expect(await guest.page.getByText('Waiting for host to share screen...').count()).toBe(0);
    // The room's stats name the picture the relay sends this guest: on loopback, the full one.
    await until(
      async () => /Video: 1280×720 · [\d.]+ fps/.test(await guest.page.getByTestId('video-quality').innerText()),
      {
        timeoutMs: 10_000,
        what: "the relay guest's stats line showing the full 1280x720 picture",
      },
    );
  });

  it("the relay guest hears the host's program audio, still in stereo", async () => {
    // The host's fake capture sends independent noise left and right: a mono step anywhere on the
    // relay path (encoder, decoder, playback) would make the guest's two channels identical.
    const heard = await until(
      async () => {
        // Where the browser refuses sound without a click, the guest clicks, as a user would.
        const play = guest.page.getByRole('button', { name: 'Play program audio' });
        if (await play.isVisible()) await play.click();
        const levels = await decodedChannels(guest.page).catch(() => null);
        return levels && levels.leftEnergy > 1 && levels.rightEnergy > 1 ? levels : null;
      },
      { timeoutMs: 20_000, intervalMs: 250, what: 'relay guest playing program audio on both channels' },
    );
    expect(Math.abs(heard.correlation)).toBeLessThan(0.5);
    expect(await guest.page.getByTestId('relay-audio-unsupported').count()).toBe(0);
  });

  it('chat works both ways', async () => {
    await guest.page.getByLabel('Chat message').fill('hello over the relay');
    await guest.page.getByLabel('Chat message').press('Enter');
    await host.page.getByText('hello over the relay').waitFor();
    await host.page.getByLabel('Chat message').fill('relay guest, welcome');
    await host.page.getByRole('button', { name: 'Send' }).click();
    await guest.page.getByText('relay guest, welcome').waitFor();
  });

  it('a guest whose SFU and peer-to-peer tiers fail (a browser without WebRTC) falls back to the relay on its own, and paints it without createImageBitmap', async () => {
    const link = await host.page.getByLabel('Invite link').inputValue();
    const fallback = await openPage(suite.browser, suite.box.baseUrl);
    // mediasoup-client cannot make a Device without RTCPeerConnection, so every SFU attempt fails, and
    // PeerJS reports browser-incompatible, so the peer-to-peer tier fails too.
    await fallback.page.addInitScript(() => {
      // Both names: PeerJS' WebRTC adapter would bring the prefixed one back as RTCPeerConnection.
      delete (window as unknown as { RTCPeerConnection?: unknown }).RTCPeerConnection;
      delete (window as unknown as { webkitRTCPeerConnection?: unknown }).webkitRTCPeerConnection;
      // Nor createImageBitmap, as Safari before 15 (spec part 9's Safari 605): the relay's frames
      // are decoded by an <img> instead (issue 37).
      delete (window as unknown as { createImageBitmap?: unknown }).createImageBitmap;
    });
    await fallback.page.goto(link);
    await fallback.page.getByText(RELAY_WARNING).waitFor({ timeout: 45_000 });
    await untilVideoShows(fallback.page, 'relay-canvas', QUADRANT_COLOURS);
    expect(fallback.dialogs).toEqual([]);
    await fallback.page.context().close();
  });

  it('when the host stops sharing, the guest is told to wait again', async () => {
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).click();
    await guest.page.getByText('Waiting for host to share screen...').waitFor();
    expect(host.dialogs).toEqual([]);
    expect(guest.dialogs).toEqual([]);
  });
});
