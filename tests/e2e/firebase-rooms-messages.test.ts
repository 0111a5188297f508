import { describe, expect, it } from 'vitest';
import { firebaseSignedInPage } from '../support/firebase-accounts.js';
import { useFirebaseBoxAndChromium } from '../support/firebase-suite.js';
import { startHosting } from '../support/room-pages.js';

const suite = useFirebaseBoxAndChromium();

describe('rooms and messages in Firebase mode, in Chromium', () => {
  it('a signed-in host and a signed-in collaborator join one room', async () => {
    const host = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'host');
    const collaborator = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'collab');
    await startHosting(host.page, host.account);

    const link = await host.page.getByLabel('Invite link').inputValue();
    await collaborator.page.goto(link);
    await collaborator.page.waitForURL('**/join-collaboration/**');
    await collaborator.page.getByText('Connected (High Performance)').waitFor({ timeout: 15_000 });
    await collaborator.page.getByText(`Host: ${host.account.name}`).waitFor();
    // Signed in, so not watching as an anonymous guest.
    expect(await collaborator.page.getByRole('button', { name: 'Login for Full Features' }).count()).toBe(0);

    // The host sees the collaborator by the profile name filed under their Firebase uid, not as
    // 'Guest'; joining by link makes a signed-in user a viewer (spec part 6). The host has a Remove
    // control beside each person (issue 15's host controls).
    const participants = host.page.getByRole('region', { name: /^Participants \(\d+\/10\)$/ });
    const entry = participants.getByRole('listitem').filter({ hasText: collaborator.account.name });
    await entry.waitFor();
    expect(await entry.textContent()).toBe(`${collaborator.account.name}viewerRemove`);

    await collaborator.page.getByLabel('Chat message').fill('ready when you are');
    await collaborator.page.getByLabel('Chat message').press('Enter');
    await host.page.getByText('ready when you are').waitFor();
    await host.page.context().close();
    await collaborator.page.context().close();
  });

  it('a direct message goes live to the signed-in recipient', async () => {
    const alice = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'alice');
    const bob = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'bob');

    await alice.page.getByRole('button', { name: 'Explore Users' }).click();
    const card = alice.page.getByTestId('user-card').filter({ hasText: `@${bob.account.username}` });
    await card.getByRole('button', { name: 'Message' }).click();
    const input = alice.page.getByLabel(`Message ${bob.account.name}`);
    await input.fill('mix v2 is up');
    await input.press('Enter');
    await alice.page.getByTestId('message').filter({ hasText: 'mix v2 is up' }).waitFor();

    // Bob, without reloading, hears of it over the realtime socket his Firebase token opened.
    const toast = bob.page.getByTestId('toast').filter({ hasText: `New message from ${alice.account.name}` });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Open' }).click();
    const received = bob.page.getByTestId('message').filter({ hasText: 'mix v2 is up' });
    await received.waitFor();
    expect(await received.getAttribute('data-own')).toBe('false');
    await alice.page.context().close();
    await bob.page.context().close();
  });
});
