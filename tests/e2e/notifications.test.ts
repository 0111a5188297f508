import { beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { signedInPage, type SignedIn } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';

// The bell in Chromium on the real box: its count rises live when someone books the person, and
// its list leads to the booking. Lean: one box, one page, the requester through the API.
const suite = useBoxAndChromium();

describe('the notification bell in Chromium', () => {
  let host: SignedIn;

  beforeAll(async () => {
    host = await signedInPage(suite.browser, suite.box.baseUrl, 'bellhost');
  });

  it('rises live on a booking request, and its item opens Booking Requests', async () => {
    const { page } = host;
    const bell = page.getByRole('button', { name: /^Notifications, / });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, none unread');

    const call = jsonCaller(suite.box.baseUrl);
    const booker = await signUpUser({ call });
    await call('POST', `/api/user/follow/${host.uid}`, { token: booker.idToken });
    const start = new Date(Date.now() + 86_400_000);
    const sent = await call('POST', '/sessions/request-booking', {
      token: booker.idToken,
      body: {
        targetUser: host.uid,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 3600_000).toISOString(),
        message: 'Mix my single?',
      },
    });
    expect(sent.status).toBe(201);

    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications, 1 unread');
    await bell.click();
    const item = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`New booking request from @${booker.username}`) });
    await item.click();
    await page.getByRole('dialog', { name: 'Booking Requests' }).waitFor();
    expect(page.url()).toContain('tab=calendar');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, none unread');
  });
});
