import { describe, expect, it } from 'vitest';
import { newAccount, signedInPage, type SignedIn } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { talkbackEnergy } from '../support/room-audio.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';
import { installStudioCapture, QUADRANT_COLOURS } from '../support/studio-capture.js';
import { installSteadyMicTone } from '../support/mic-tone.js';
import { until } from '../support/until.js';

/**
 * Issue 17's talkback in Chromium, with a microphone that plays a tone: two collaborators talk (one
 * on the SFU tier, one on the P2P tier, both heard through the router), the host sees who speaks and
 * hears them, mutes one, and an anonymous guest gets no Talk button while guest talkback is off.
 */
describe('talkback, in Chromium', () => {
  // The two tests have rooms of their own: they run side by side.
  const suite = useBoxAndChromium();

  async function collaborator(label: string, link: string, tier?: 'p2p'): Promise<SignedIn & { peerId: string }> {
    const person = await signedInPage(suite.browser, suite.box.baseUrl, label);
    await person.page.addInitScript(installStudioCapture, QUADRANT_COLOURS);
    await person.page.addInitScript(installSteadyMicTone);
    await person.page.goto(tier ? `${link}?tier=${tier}` : link);
    await person.page
      .getByText(tier === 'p2p' ? 'Connected (Cloud Backup)' : 'Connected (High Performance)')
      .waitFor({ timeout: 20_000 });
    await person.page.getByTestId('talk-button').waitFor();
    const peerId = (await person.page.getByTestId('own-peer-id').textContent())!;
    return { ...person, peerId };
  }

  it.concurrent(
    'push-to-talk reaches the host with a speaking light; a host mute silences that talker',
    async () => {
      const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('talkhost'));
      const link = await host.page.getByLabel('Invite link').inputValue();
      const alice = await collaborator('alice', link);
      const bob = await collaborator('bob', link, 'p2p');
      const participants = host.page.getByRole('list', { name: 'Participants' });
      const aliceEntry = participants.getByRole('listitem').filter({ hasText: alice.account.name });
      const bobEntry = participants.getByRole('listitem').filter({ hasText: bob.account.name });

      // Alice holds the Talk button; Bob holds the space bar.
      await alice.page.getByTestId('talk-button').hover();
      await alice.page.mouse.down();
      await bob.page.locator('body').click({ position: { x: 5, y: 5 } });
      await bob.page.keyboard.down('Space');
      await alice.page.getByTestId('talkback-on-air').waitFor({ timeout: 10_000 });
      await bob.page.getByTestId('talkback-on-air').waitFor({ timeout: 10_000 });

      await aliceEntry.getByTestId('speaking-indicator').waitFor({ timeout: 15_000 });
      await bobEntry.getByTestId('speaking-indicator').waitFor({ timeout: 15_000 });
      const aliceLoud = await until(
        async () => {
          const energy = await talkbackEnergy(host.page, alice.peerId).catch(() => 0);
          return energy > 1e-4 ? energy : null;
        },
        { what: "Alice's voice with energy at the host", timeoutMs: 20_000 },
      );
      expect(aliceLoud).toBeGreaterThan(1e-4);
      expect(
        await until(async () => ((await talkbackEnergy(host.page, bob.peerId).catch(() => 0)) > 1e-4 ? 1 : null), {
          what: "Bob's voice (P2P tier) with energy at the host",
          timeoutMs: 20_000,
        }),
      ).toBe(1);

      // The host mutes Alice: she sees it, her light goes out, and her voice falls silent at the host.
      await host.page.getByRole('button', { name: `Mute ${alice.account.name}` }).click();
      await alice.page.getByTestId('talkback-muted').getByText('Muted by host').waitFor({ timeout: 10_000 });
      await until(async () => (await aliceEntry.getByTestId('speaking-indicator').count()) === 0, {
        what: "Alice's speaking light out",
        timeoutMs: 10_000,
      });
      const aliceMuted = await until(
        async () => {
          const energy = await talkbackEnergy(host.page, alice.peerId);
          // An object: a silent 0 is what we wait for, and `until` takes a bare 0 for "not yet".
          return energy < aliceLoud / 100 ? { energy } : null;
        },
        { what: "Alice's voice silent at the host", timeoutMs: 10_000 },
      );
      expect(aliceMuted.energy).toBeLessThan(aliceLoud / 100);
      // Alice still holds the button (her mic still sends): the server's pause is what silences her.
      expect(await alice.page.getByTestId('talkback-on-air').count()).toBe(1);
      // Bob, not muted, still talks.
      expect(await talkbackEnergy(host.page, bob.peerId)).toBeGreaterThan(1e-4);
      await alice.page.mouse.up();
      await bob.page.keyboard.up('Space');

      // An anonymous guest while guest talkback is off: no Talk button, and a plain note instead.
      const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page);
      await guest.page.getByTestId('talkback-guests-off').waitFor({ timeout: 10_000 });
      expect(await guest.page.getByTestId('talk-button').count()).toBe(0);
      // Turned on by the host, the guest gets the button.
      await host.page.getByLabel('Guests may talk back').check();
      await guest.page.getByTestId('talk-button').waitFor({ timeout: 10_000 });

      for (const { page } of [host, alice, bob, guest]) await page.context().close();
    },
    180_000,
  );

  it.concurrent(
    'a relay guest is told plainly that relay guests cannot hear talkback',
    async () => {
      const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('relayhost'));
      const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page, {
        tier: 'relay',
        banner: 'Using server relay mode',
      });
      await guest.page
        .getByTestId('talkback-relay-note')
        .getByText('relay guests cannot hear talkback')
        .waitFor({ timeout: 10_000 });
      expect(await guest.page.getByTestId('talk-button').count()).toBe(0);
      for (const { page } of [host, guest]) await page.context().close();
    },
    120_000,
  );
});
