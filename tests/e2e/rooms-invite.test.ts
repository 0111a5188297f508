import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';

const suite = useBoxAndChromium();
const CONNECTED = 'Connected (High Performance)';

describe('inviting a collaborator, in Chromium', () => {
  it("Collaborate on a person's card hosts with them invited; they join by the code the host screen shows", async () => {
    const [alice, bob] = await Promise.all([
      signedInPage(suite.browser, suite.box.baseUrl, 'alice'),
      signedInPage(suite.browser, suite.box.baseUrl, 'bob'),
    ]);

    // Alice: Explore Users → Bob's card → Collaborate → Start Hosting.
    await alice.page.getByRole('button', { name: 'Explore Users' }).click();
    const card = alice.page.getByTestId('user-card').filter({ hasText: `@${bob.account.username}` });
    await card.getByRole('button', { name: 'Collaborate' }).click();
    await alice.page.getByTestId('collab-partner').getByText(bob.account.name).waitFor();
    await alice.page.getByRole('button', { name: 'Start Hosting' }).click();
    await alice.page.getByRole('heading', { name: `${alice.account.name}'s Room` }).waitFor({ timeout: 15_000 });
    await alice.page.getByText(`✅ Invite sent to ${bob.account.name}!`).waitFor({ timeout: 15_000 });
    await alice.page.getByText(CONNECTED).waitFor({ timeout: 15_000 });
    const code = (await alice.page.getByTestId('connection-code').textContent()) ?? '';
    expect(code).toMatch(/^[a-z0-9]{7}$/);
    // Sent once: the screen dropped ?with=, so a reload would not send it again.
    expect(new URL(alice.page.url()).search).toBe('');

    // Bob: the invite is in his Messages, from Alice, with the room's link.
    await bob.page.getByRole('button', { name: /^Messages/ }).click();
    await bob.page.getByTestId('conversation-list').getByText(alice.account.name).click();
    const invite = bob.page
      .getByTestId('message')
      .filter({ hasText: `Join my collaboration room "${alice.account.name}'s Room"` });
    await invite.waitFor({ timeout: 15_000 });
    await invite.getByRole('link', { name: new RegExp(`/join-room/${code}$`) }).waitFor();
    expect(await bob.page.getByTestId('message').count()).toBe(1);

    // Bob joins by typing the code shown on Alice's screen.
    await bob.page.getByRole('button', { name: 'Collaborations' }).click();
    await bob.page.getByRole('button', { name: 'Join a Session' }).click();
    await bob.page.getByLabel('Connection code').fill(code);
    await bob.page.getByRole('button', { name: 'Join Session' }).click();
    await bob.page.waitForURL('**/join-collaboration/**');
    await bob.page.getByRole('heading', { name: `${alice.account.name}'s Room` }).waitFor({ timeout: 15_000 });
    await bob.page.getByText(CONNECTED).waitFor({ timeout: 15_000 });
    expect(alice.dialogs).toEqual([]);
    expect(bob.dialogs).toEqual([]);

    await alice.page.context().close();
    await bob.page.context().close();
  });
});
