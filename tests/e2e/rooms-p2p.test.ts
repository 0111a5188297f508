/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { expectStereoOpusNear } from '../support/room-audio.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium();
const CLOUD_BACKUP = 'Connected (Cloud Backup)';

/** Messages the page's RTCDataChannels took in (PeerJS' data connections), from their own stats. */
async function dataChannelMessagesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
    for (const connection of connections) {
      if (connection.connectionState === 'closed') continue;
      for (const stats of (await connection.getStats()).values()) {
        if (stats.type === 'data-channel') total += (stats.messagesReceived as number | undefined) ?? 0;
      }
    }
    return total;
  });
}

/** How many chat lines on the page read exactly `text`. */
function chatCount(page: Page, text: string): Promise<number> {
  return page.getByText(text, { exact: true }).count();
}

/**
 * This room's steps run in order; the 'Connection tier' test below, with a room of its own, runs
 * beside them (both describes are concurrent, their tests sequential).
 */
describe.concurrent('collaboration room peer to peer (?tier=p2p), in Chromium', () => {
  let host: WatchedPage;
  let guest: WatchedPage;
  const chosenKbps = 256;

  it.sequential('the host shares a screen with stereo program audio (over the SFU for its SFU guests)', async () => {
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('p2p-host'));
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByLabel('Audio bitrate').selectOption(String(chosenKbps));
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
  });

  it.sequential(
    "a guest forced onto peer-to-peer shows 'Connected (Cloud Backup)' in orange and the host screen",
    async () => {
      guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
        tier: 'p2p',
        banner: CLOUD_BACKUP,
      });
      expect(await guest.page.getByText(CLOUD_BACKUP).getAttribute('data-tone')).toBe('fallback');
      await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
      const height = await guest.page
        .getByTestId('remote-screen')
        .evaluate((video: HTMLVideoElement) => video.clientHeight);
      expect(height).toBe(400);
      expect(await guest.page.getByText('Waiting for host to share screen...').count()).toBe(0);
      // Peer to peer, not through the media node: the guest's only media connection is PeerJS'.
      expect(await guest.page.getByText('Connected (High Performance)').count()).toBe(0);
    },
  );

  it.sequential('program audio arrives as stereo Opus near the chosen bitrate', async () => {
    await expectStereoOpusNear(guest.page, chosenKbps);
    await guest.page.getByText(/Program audio: \d+ kbps · stereo/).waitFor({ timeout: 15_000 });
  });

  it.sequential(
    'chat goes both ways over the data connection, and each side shows each message exactly once',
    async () => {
      const hostReceivedBefore = await dataChannelMessagesReceived(host.page);
      await guest.page.getByLabel('Chat message').fill('hello peer to peer');
      await guest.page.getByLabel('Chat message').press('Enter');
      await host.page.getByText('hello peer to peer', { exact: true }).waitFor();
      // It did travel the data connection (as well as the socket, which is the room's record).
      await until(async () => (await dataChannelMessagesReceived(host.page)) > hostReceivedBefore, {
        what: "the host's data channel receiving the guest's message",
      });

      const guestReceivedBefore = await dataChannelMessagesReceived(guest.page);
      await host.page.getByLabel('Chat message').fill('welcome, direct guest');
      await host.page.getByRole('button', { name: 'Send' }).click();
      await guest.page.getByText('welcome, direct guest', { exact: true }).waitFor();
      await until(async () => (await dataChannelMessagesReceived(guest.page)) > guestReceivedBefore, {
        what: "the guest's data channel receiving the host's message",
      });

      // Both copies of those two are in by the time a later message has come by socket too.
      await guest.page.getByLabel('Chat message').fill('last one');
      await guest.page.getByLabel('Chat message').press('Enter');
      for (const page of [host.page, guest.page]) {
        await until(async () => (await chatCount(page, 'last one')) === 1, { what: "'last one' shown" });
        expect(await chatCount(page, 'hello peer to peer')).toBe(1);
        expect(await chatCount(page, 'welcome, direct guest')).toBe(1);
      }
    },
  );

  it.sequential('an SFU guest in the same room sees the same chat exactly once', async () => {
    const sfuGuest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page);
    await host.page.getByLabel('Chat message').fill('to everyone');
    await host.page.getByRole('button', { name: 'Send' }).click();
    await sfuGuest.page.getByText('to everyone', { exact: true }).waitFor();
    await guest.page.getByText('to everyone', { exact: true }).waitFor();
    await sfuGuest.page.getByLabel('Chat message').fill('from the sfu guest');
    await sfuGuest.page.getByLabel('Chat message').press('Enter');
    for (const page of [host.page, guest.page, sfuGuest.page]) {
      await until(async () => (await chatCount(page, 'from the sfu guest')) === 1, { what: 'the SFU guest message' });
      expect(await chatCount(page, 'to everyone')).toBe(1);
      // History: the late SFU guest got the earlier peer-to-peer conversation from the socket.
      expect(await chatCount(page, 'hello peer to peer')).toBe(1);
    }
    expect(sfuGuest.dialogs).toEqual([]);
    await sfuGuest.page.context().close();
  });

  it.sequential(
    'when the host stops sharing, the guest is told to wait, and gets the screen again when it restarts',
    async () => {
      await host.page.getByRole('button', { name: 'Stop Screen Share' }).click();
      await guest.page.getByText('Waiting for host to share screen...').waitFor();
      await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
      await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);
      expect(host.dialogs).toEqual([]);
      expect(guest.dialogs).toEqual([]);
    },
  );
});

describe.concurrent("the room's 'Connection tier' setting, in Chromium", () => {
  it('set to Peer-to-peer, a plain-link guest goes straight there; set to Server relay, it moves to the relay', async () => {
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('tier-host'));
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
    await host.page.getByLabel('Connection tier').selectOption({ label: 'Peer-to-peer' });
    await until(async () => !(await host.page.getByLabel('Connection tier').isDisabled()), { what: 'tier saved' });

    // No ?tier=: the room's setting decides, with no 30 s of SFU attempts first.
    const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, { banner: CLOUD_BACKUP });
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS);

    await host.page.getByLabel('Connection tier').selectOption({ label: 'Server relay' });
    await guest.page.getByText('Using server relay mode (lower quality)...').waitFor({ timeout: 15_000 });
    await untilVideoShows(guest.page, 'relay-canvas', QUADRANT_COLOURS);
    expect(host.dialogs).toEqual([]);
    expect(guest.dialogs).toEqual([]);
  });
});
