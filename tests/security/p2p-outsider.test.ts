/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as PeerJs from 'peerjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newAccount, signedInPage } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { openHostRoom, untilVideoShows } from '../support/room-pages.js';
import { ask, roomSocketFactory } from '../support/room-sockets.js';
import { QUADRANT_COLOURS } from '../support/studio-capture.js';
import { until } from '../support/until.js';

/**
 * Issue 14 item 2, end to end: a stranger who has the host's PeerJS id (as GET /api/rooms/{id} used
 * to publish it) dials the host directly from its own page, in a room without guest access, and
 * gets neither picture nor sound, and cannot put words in anyone's mouth; a member at the same time
 * still gets the peer-to-peer tier.
 */
const suite = useBoxAndChromium();
const sockets = roomSocketFactory(() => suite.box.baseUrl);
const CLOUD_BACKUP = 'Connected (Cloud Backup)';
const PEERJS_BUNDLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../node_modules/peerjs/dist/peerjs.min.js',
);

/** What peerjs.min.js puts on `window`. */
type PeerJsBundle = typeof PeerJs;

interface OutsiderState {
  open: boolean;
  dataOpened: boolean;
  dataClosed: boolean;
  calls: number;
  tracks: string[];
}

/** The stranger: the PeerJS client in a page of its own, dialling the host as the old guests did. */
async function dialHost(page: Page, hostPeerId: string): Promise<void> {
  await page.addScriptTag({ path: PEERJS_BUNDLE });
  await page.evaluate((hostId) => {
    const state: OutsiderState = { open: false, dataOpened: false, dataClosed: false, calls: 0, tracks: [] };
    (window as unknown as { outsider: OutsiderState }).outsider = state;
    const { Peer } = (window as unknown as { peerjs: PeerJsBundle }).peerjs;
    const peer = new Peer({
      host: location.hostname,
      port: Number(location.port),
      path: '/peerjs',
      key: 'peerjs',
      config: { iceServers: [] },
    });
    // Whatever the host would send: answered, and every track counted.
    peer.on('call', (call) => {
      state.calls += 1;
      call.answer();
      call.on('stream', (stream) => state.tracks.push(...stream.getTracks().map((track) => track.kind)));
    });
    peer.on('open', () => {
      state.open = true;
      const connection = peer.connect(hostId, { serialization: 'raw', reliable: true });
      connection.on('open', () => {
        state.dataOpened = true;
        // The app's framing (client p2pChat.ts): serial u32, chunk index u16, chunk count u16, JSON.
        const frame = (serial: number, message: unknown) => {
          const json = new TextEncoder().encode(JSON.stringify(message));
          const bytes = new Uint8Array(8 + json.byteLength);
          const view = new DataView(bytes.buffer);
          view.setUint32(0, serial);
          view.setUint16(4, 0);
          view.setUint16(6, 1);
          bytes.set(json, 8);
          return bytes;
        };
        connection.send(frame(1, { type: 'guest-joined' }));
        const chat = { id: 'forged-1', from: 'host', fromName: 'Hana Host', message: 'forged by outsider' };
        connection.send(frame(2, { type: 'chat', message: { ...chat, timestamp: new Date().toISOString() } }));
      });
      connection.on('close', () => {
        state.dataClosed = true;
      });
    });
  }, hostPeerId);
}

const outsiderState = (page: Page) => page.evaluate(() => (window as unknown as { outsider: OutsiderState }).outsider);

describe('an outsider on the peer-to-peer tier, in Chromium', () => {
  let host: WatchedPage;

  it('the host shares a screen with program audio in a room without guest access', async () => {
    host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('p2p-host'), {
      // The host screen creates its room with the defaults; this room is members only.
      beforeSignUp: (page) =>
        page.route('**/api/rooms/create', async (route) => {
          const body = route.request().postDataJSON() as { settings: Record<string, unknown> };
          await route.continue({
            postData: JSON.stringify({ ...body, settings: { ...body.settings, allowGuestAccess: false } }),
          });
        }),
    });
    await host.page.getByLabel('Program audio source').selectOption('capture');
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
  });

  it("dials the host with the host's PeerJS id and receives no picture and no audio, while a member does", async () => {
    const link = await host.page.getByLabel('Invite link').inputValue();
    const roomId = link.split('/').pop()!;
    const view = (await (await fetch(`${suite.box.baseUrl}/api/rooms/${roomId}`)).json()) as {
      room: { settings: { allowGuestAccess: boolean } };
    };
    expect(view.room.settings.allowGuestAccess).toBe(false);
    expect(view.room).not.toHaveProperty('hostPeerId');

    // The id as a member sees it (what the open room view used to show anyone).
    const member = await signedInPage(suite.browser, suite.box.baseUrl, 'member');
    const memberSocket = await sockets.connect(member.idToken);
    expect(await ask(memberSocket, 'join-room', { roomId })).toMatchObject({ ok: true });
    const hostPeerId = await until(
      async () => ((await ask(memberSocket, 'get-peers', { roomId })).data as string[] | undefined)?.[0],
      { what: "the host's PeerJS id" },
    );
    memberSocket.close();

    const outsider = await suite.browser.newContext({ baseURL: suite.box.baseUrl, bypassCSP: true });
    const outsiderPage = await outsider.newPage();
    await outsiderPage.goto('/');
    await dialHost(outsiderPage, hostPeerId);
    await until(async () => (await outsiderState(outsiderPage)).open, { what: "the outsider's peer registered" });

    // At the same time, a member joins on the peer-to-peer tier and gets the host's screen.
    await member.page.goto(`${link}?tier=p2p`);
    await member.page.getByText(CLOUD_BACKUP).waitFor({ timeout: 15_000 });
    await untilVideoShows(member.page, 'remote-screen', QUADRANT_COLOURS);

    // The host turned the stranger away before calling anyone: no call, so no track of any kind, and
    // no link left open (it is closed while still negotiating, or at once if it had opened).
    expect(await outsiderState(outsiderPage)).toMatchObject({ calls: 0, tracks: [] });
    await until(
      async () => {
        const { dataOpened, dataClosed } = await outsiderState(outsiderPage);
        return !dataOpened || dataClosed;
      },
      { what: 'no open data connection between the outsider and the host' },
    );
    // Nor did its chat reach the host's screen, under the host's name or any other.
    await member.page.getByLabel('Chat message').fill('hello from the member');
    await member.page.getByLabel('Chat message').press('Enter');
    await host.page.getByText('hello from the member', { exact: true }).waitFor();
    expect(await host.page.getByText('forged by outsider').count()).toBe(0);
    expect(await member.page.getByText('forged by outsider').count()).toBe(0);
    expect(host.dialogs).toEqual([]);
    await outsider.close();
  });
});
