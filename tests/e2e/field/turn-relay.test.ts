/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iceServersFor, loadMediaConfig } from '@riffroom/media';
import { newAccount } from '../../support/accounts.js';
import { startBox, type Box } from '../../support/box.js';
import { launchChromium, type WatchedPage } from '../../support/browser.js';
import { spkiHash } from '../../support/caddy.js';
import { startCoturn, type Coturn } from '../../support/coturn.js';
import { joinByInviteLink, openHostRoom, untilVideoShows } from '../../support/room-pages.js';
import { QUADRANT_COLOURS } from '../../support/studio-capture.js';
import { until } from '../../support/until.js';
import { parseTurnUrl, tryAllocate } from '../../../scripts/doctor/turn-allocate.js';

// TURN in the field: a real coturn from the shipped docker/turnserver.conf (use-auth-secret, on
// 127.0.0.1), the box handing its room members credentials made from the shared secret, and guests
// that may only use relayed ICE (`?ice=relay`), so the picture can only have come through coturn.
let coturn: Coturn;
let box: Box;
let browser: Browser;
let host: WatchedPage;

beforeAll(async () => {
  coturn = await startCoturn();
  // Plain turn: over UDP, and turns: over TLS; no plain turn: over TCP, so a guest without UDP has
  // only the TLS way.
  box = await startBox({ TURN_URLS: `${coturn.udpUrl},${coturn.turnsUrl}`, TURN_SECRET: coturn.secret });
  // Chromium checks a turns: server's certificate; this one is self-signed for localhost.
  const trustTurn = `--ignore-certificate-errors-spki-list=${spkiHash(readFileSync(coturn.certFile))}`;
  browser = await launchChromium([trustTurn]);
});

afterAll(async () => {
  await browser?.close();
  await box?.stop();
  await coturn?.stop();
});

/** The local candidate of the page's connected ICE pair: its type and, for a relay, how it reaches TURN. */
async function selectedLocalCandidate(page: Page) {
  return page.evaluate(async () => {
    const connections = (window as unknown as { __testPeerConnections: RTCPeerConnection[] }).__testPeerConnections;
    for (const connection of connections) {
      if (connection.connectionState !== 'connected') continue;
      const report = await connection.getStats();
      for (const stats of report.values()) {
        if (stats.type !== 'transport' || !stats.selectedCandidatePairId) continue;
        const pair = report.get(stats.selectedCandidatePairId);
        const local = report.get(pair.localCandidateId);
        return {
          candidateType: local.candidateType as string,
          relayProtocol: local.relayProtocol as string | undefined,
        };
      }
    }
    return null;
  });
}

/** In the page: every RTCPeerConnection keeps only its turns: servers. */
function onlyTlsTurn(): void {
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      const iceServers = (config?.iceServers ?? [])
        .map((server) => ({ ...server, urls: [server.urls].flat().filter((url) => url.startsWith('turns:')) }))
        .filter((server) => server.urls.length > 0);
      super({ ...config, iceServers });
    }
  } as typeof RTCPeerConnection;
}

describe('TURN through a real coturn', () => {
  it('the host shares over the SFU', async () => {
    host = await openHostRoom(browser, box.baseUrl, newAccount('turn-host'));
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await untilVideoShows(host.page, 'host-preview', QUADRANT_COLOURS);
  });

  it('a guest forced to relayed ICE (?ice=relay) gets the SFU picture through coturn over UDP', async () => {
    const guest = await joinByInviteLink(browser, box.baseUrl, host.page, { ice: 'relay' });
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS, 20_000);
    const local = await until(() => selectedLocalCandidate(guest.page), { what: 'a connected ICE pair' });
    // Relayed is the point; which of coturn's listeners (UDP or TLS) ICE settles on depends on timing.
    expect(local?.candidateType).toBe('relay');
    await guest.page.context().close();
  });

  it('a guest that cannot use UDP gets the SFU picture through turns: over TLS', async () => {
    // A network that lets only TLS out (no UDP at all): the page's connections get no UDP way to
    // TURN. Chromium's --force-webrtc-ip-handling-policy=disable_non_proxied_udp did not hold
    // reliably here (some runs still relayed over UDP), so the page drops the turn: URL itself.
    const guest = await joinByInviteLink(browser, box.baseUrl, host.page, {
      ice: 'relay',
      beforeGoto: (page) => page.addInitScript(onlyTlsTurn),
    });
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS, 20_000);
    const local = await until(() => selectedLocalCandidate(guest.page), { what: 'a connected ICE pair' });
    expect(local).toEqual({ candidateType: 'relay', relayProtocol: 'tls' });
    expect(host.dialogs).toEqual([]);
    await guest.page.context().close();
  });

  it('a peer-to-peer guest forced to relayed ICE gets the picture from the host through coturn', async () => {
    const guest = await joinByInviteLink(browser, box.baseUrl, host.page, {
      tier: 'p2p',
      ice: 'relay',
      banner: 'Connected (Cloud Backup)',
    });
    await untilVideoShows(guest.page, 'remote-screen', QUADRANT_COLOURS, 20_000);
    const local = await until(() => selectedLocalCandidate(guest.page), { what: 'a connected ICE pair' });
    // Relayed is the point; which of coturn's listeners (UDP or TLS) ICE settles on depends on timing.
    expect(local?.candidateType).toBe('relay');
    await guest.page.context().close();
  });

  it('coturn refuses a credential the box made once it has expired, and takes a fresh one', async () => {
    const config = loadMediaConfig({
      TURN_URLS: coturn.udpUrl,
      TURN_SECRET: coturn.secret,
      TURN_CREDENTIAL_TTL_SECONDS: '60',
    });
    const credentialAt = (nowMs: number) => iceServersFor(config, 'guest-1', nowMs).find((server) => server.username)!;
    const target = parseTurnUrl(coturn.udpUrl);
    const expired = credentialAt(Date.now() - 3600_000);
    expect(await tryAllocate(target, expired.username!, expired.credential!)).toMatchObject({
      ok: false,
      reason: 'refused-credential',
    });
    const fresh = credentialAt(Date.now());
    expect(await tryAllocate(target, fresh.username!, fresh.credential!)).toMatchObject({ ok: true });
  });
});
