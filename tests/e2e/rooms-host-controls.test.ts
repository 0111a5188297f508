import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { openPage } from '../support/browser.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom } from '../support/room-pages.js';

/**
 * Issue 15 item 4 in Chromium: the host removes a guest (who stays removed across a reload: its
 * guest identity is the server's, kept by the tab), turns guest access off, and locks the room,
 * which a reload of the host screen still shows.
 */
describe('host controls, in Chromium', () => {
  const suite = useBoxAndChromium();

  it('the host removes a guest, who sees that; with guest access off, a new guest cannot join', async () => {
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, newAccount('controller'));
    const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page);
    const participants = host.page.getByRole('list', { name: 'Participants' });
    await participants.getByText('Guest User').waitFor();
    await host.page.getByRole('heading', { name: 'Participants (1/10)' }).waitFor();

    await host.page.getByRole('button', { name: 'Remove Guest User' }).click();
    await guest.page.getByText('You were removed from this room').waitFor({ timeout: 15_000 });
    await host.page.getByRole('heading', { name: 'Participants (0/10)' }).waitFor();
    expect(host.dialogs).toEqual(['Remove Guest User from this room?']);
    // The same tab is the same guest: reloading does not get it back in.
    await guest.page.reload();
    await guest.page.getByRole('heading', { name: 'Unable to Join Room' }).waitFor({ timeout: 15_000 });
    await guest.page.getByText('You were removed from this room').waitFor();
    await host.page.getByRole('heading', { name: 'Participants (0/10)' }).waitFor();

    await host.page.getByLabel('Guest access').uncheck();
    await host.page
      .getByLabel('Guest access')
      .isChecked()
      .then((checked) => expect(checked).toBe(false));
    const link = await host.page.getByLabel('Invite link').inputValue();
    const late = await openPage(suite.browser, suite.box.baseUrl);
    await late.page.goto(link);
    await late.page.getByRole('heading', { name: 'Unable to Join Room' }).waitFor({ timeout: 15_000 });
    await late.page.getByText('This room does not allow guests. Please log in.').waitFor();

    // The lock lasts while the room does: a reload of the host screen shows it as the room holds it.
    await host.page.getByLabel('Lock room').check();
    await host.page.getByLabel('Maximum participants').fill('4');
    await host.page.getByLabel('Maximum participants').press('Enter');
    await host.page.getByRole('heading', { name: 'Participants (0/4)' }).waitFor();
    await host.page.reload();
    await host.page.getByText('Connected (High Performance)').waitFor({ timeout: 20_000 });
    await host.page.getByRole('heading', { name: 'Participants (0/4)' }).waitFor();
    expect(await host.page.getByLabel('Lock room').isChecked()).toBe(true);
    expect(await host.page.getByLabel('Guest access').isChecked()).toBe(false);
    expect(await host.page.getByLabel('Maximum participants').inputValue()).toBe('4');

    for (const { page } of [host, guest, late]) await page.context().close();
  }, 120_000);
});
