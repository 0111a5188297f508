import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { joinByInviteLink, openHostRoom, startHosting } from '../support/room-pages.js';

const LEFT = 'Host has left the room';
const CONNECTED = 'Connected (High Performance)';

/**
 * Issue 37, spec part 4's guest states: a host who leaves on purpose (Back to Dashboard, closing the
 * tab) reads to guests as 'Host has left the room', never as 'Host has disconnected' (a drop).
 */
describe('a host leaving on purpose, in Chromium', () => {
  const suite = useBoxAndChromium();

  it("reads to the guest as 'Host has left the room' after Back to Dashboard and after closing the tab", async () => {
    const account = newAccount('hostleft');
    const host = await openHostRoom(suite.browser, suite.box.baseUrl, account);
    const guest = await joinByInviteLink(suite.browser, suite.box.baseUrl, host.page);

    await host.page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await host.page.waitForURL('**/dashboard');
    await guest.page.getByText(LEFT).waitFor({ timeout: 10_000 });
    expect(await guest.page.getByText('Host has disconnected').count()).toBe(0);

    // Back in the same room: the guest sees the host again, then the host closes the tab.
    await startHosting(host.page, account);
    await guest.page.getByText(CONNECTED).waitFor({ timeout: 15_000 });
    await host.page.close({ runBeforeUnload: true });
    await guest.page.getByText(LEFT).waitFor({ timeout: 10_000 });
    expect(await guest.page.getByText('Host has disconnected').count()).toBe(0);

    await host.page.context().close();
    await guest.page.context().close();
  }, 60_000);
});
