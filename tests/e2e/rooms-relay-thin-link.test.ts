import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import type { WatchedPage } from '../support/browser.js';
import { installMovingScreen } from '../support/moving-screen.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { useShapedLinks } from '../support/shaped-links-suite.js';
import { until } from '../support/until.js';

/**
 * The relay tier's two renditions on real links (media/src/relay/rendition-choice.ts): two guests
 * forced onto the relay, one over an unshaped link, one over 500 kbit/s (tc tbf on its veth, in its
 * own network namespace). A full 1280x720 JPEG of 100-150 kB takes the thin guest two seconds; the
 * media node times its deliveries and moves it to the 640x360 rendition, which the host starts
 * encoding once the room's relay:demand counts a small guest. The other guest keeps the full one.
 * What each guest's stats line says is what its canvas was painted with. Needs root.
 */
const GUESTS = [
  { label: 'relay, unshaped', shape: {} },
  { label: 'relay, 500 kbit/s', shape: { rateKbit: 500 } },
];
const RELAY_WARNING = 'Using server relay mode (lower quality)...';
const videoLine = (guest: WatchedPage) => guest.page.getByTestId('video-quality').innerText();
const suite = useShapedLinks(GUESTS);

describe('relay guests on real links get the picture their link carries, in Chromium', () => {
  let host: WatchedPage;
  const guests: WatchedPage[] = [];

  it('the host shares a moving screen from the root namespace; a guest on each link joins on the relay', async () => {
    const { box, network } = suite;
    host = await openHostRoom(await suite.launch(null), box.baseUrl, newAccount('relaylinkhost'), {
      beforeSignUp: (page) => page.addInitScript(installMovingScreen),
    });
    await host.page.getByRole('button', { name: 'Start Screen Share' }).click();
    await host.page.getByRole('button', { name: 'Stop Screen Share' }).waitFor();
    for (const link of network.links) {
      const browser = await suite.launch(link.namespace);
      guests.push(await joinByInviteLink(browser, box.baseUrl, host.page, { tier: 'relay', banner: RELAY_WARNING }));
    }
  });

  it('the 500 kbit/s guest is moved to the 640x360 picture, and it keeps moving', async () => {
    const [, thin] = guests as [WatchedPage, WatchedPage];
    // Three full frames of about two seconds each judge it; then the host starts the small one.
    const line = await until(async () => ((await videoLine(thin)).includes('640×360') ? videoLine(thin) : null), {
      timeoutMs: 45_000,
      intervalMs: 500,
      what: 'the 500 kbit/s relay guest on the 640x360 picture',
    });
    const fps = Number(/· ([\d.]+) fps/.exec(line)?.[1]);
    expect(fps).toBeGreaterThan(0);
  });

  it('the unshaped guest keeps the full 1280x720 picture beside it', async () => {
    const [open] = guests as [WatchedPage];
    await until(async () => /Video: 1280×720 · [\d.]+ fps/.test(await videoLine(open)), {
      timeoutMs: 10_000,
      intervalMs: 250,
      what: 'the unshaped relay guest on the 1280x720 picture',
    });
  });
});
