import { describe, expect, it } from 'vitest';
import { logInThroughUi, newAccount, signUpThroughUi } from '../support/accounts.js';
import { openPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium();

describe('foundation flows in Chromium', () => {
  // Alice signs up first; the tests after it each sign in in a context of their own, side by side.
  const alice = newAccount('alice');
  const bob = newAccount('bob');

  it('signs up, saves the profile, sets it up and greets the new user', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await signUpThroughUi(page, alice);
    await page.getByText('Profile saved!').waitFor();
    await page.getByText('Setting Up Your Profile...').waitFor();
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByText(`Welcome back, ${alice.name}!`).waitFor();
    // Every screen's footer names the release and commit the box runs, as /healthz does.
    const { version, commit } = (await (await fetch(`${suite.box.baseUrl}/healthz`)).json()) as {
      version: string;
      commit: string;
    };
    await page
      .getByTestId('version-footer')
      .getByText(`Riffroom ${version} (${commit.slice(0, 7)})`)
      .waitFor();
    await page.context().close();
  });

  it.concurrent('edits the profile and still shows the edit after a reload', async () => {
    const { page, dialogs } = await openPage(suite.browser, suite.box.baseUrl);
    await logInThroughUi(page, alice.email, alice.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'My Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').fill('Lo-fi keys and late-night mixes.');
    await page.getByLabel('Location').fill('Lisbon');
    await page.getByRole('button', { name: 'Jazz' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    // The alert and the re-render race each other; wait for both rather than assume an order.
    await until(() => dialogs.includes('✅ Profile updated!'), { what: 'the profile-updated alert' });
    await page.getByText('Lo-fi keys and late-night mixes.').waitFor();

    await page.reload();
    await page.getByRole('button', { name: 'My Profile' }).click();
    await page.getByText('Lo-fi keys and late-night mixes.').waitFor();
    await page.getByText('Lisbon').waitFor();
    await page.context().close();
  });

  it.concurrent('logs out to the landing page', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await logInThroughUi(page, alice.email, alice.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // Signed out for real: a protected page now sends us to the login screen.
    await page.goto('/dashboard');
    await page.waitForURL('**/login**');
    await page.context().close();
  });

  it.concurrent('shows the spec message for a wrong password', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await logInThroughUi(page, alice.email, 'not-the-password');
    await page.getByText('Incorrect password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it.concurrent('finds a second account in Explore Users, follows it and sees it on the Dashboard', async () => {
    const second = await openPage(suite.browser, suite.box.baseUrl);
    await signUpThroughUi(second.page, bob);
    await second.page.waitForURL('**/dashboard', { timeout: 20_000 });
    await second.page.context().close();

    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await logInThroughUi(page, alice.email, alice.password);
    await page.waitForURL('**/dashboard');
    await page.getByText('You are not following anyone yet.').waitFor();
    await page.getByRole('button', { name: 'Explore Users' }).click();
    const card = page
      .locator('article, li, .user-card')
      .filter({ hasText: `@${bob.username}` })
      .first();
    await card.waitFor();
    await expect(page.getByText(`@${alice.username}`).count()).resolves.toBe(1); // only the sidebar, not a card
    await card.getByRole('button', { name: 'Follow' }).click();
    await card.getByRole('button', { name: 'Unfollow' }).waitFor();

    await page.getByRole('button', { name: 'Dashboard' }).click();
    await page.getByText(bob.name).waitFor();
    await page.getByText(`@${bob.username}`).waitFor();
    await page.context().close();
  });
});
