import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { jsonCaller } from '../../server/src/testing/test-api.js';
import { logInThroughUi, signedInPage, type SignedIn } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';
import { until } from '../support/until.js';

const suite = useBoxAndChromium();

// The fills of colours.ts, as Chromium reports them.
const AMBER = 'rgb(245, 158, 11)';
const GREY = 'rgb(138, 143, 152)';
const GREEN = 'rgb(34, 197, 94)';
const YELLOW = 'rgb(250, 204, 21)';

/** Today at `hour` local time; the browser shares this process's time zone. */
function today(hour: number): string {
  const date = new Date();
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
}

/**
 * Clicks week view's half-hour slot at `hour` in today's column (the week opens on today), with
 * the mouse as a person would: react-big-calendar selects on raw mouse events over empty cells,
 * which Playwright's element click never finds actionable.
 */
async function clickTodaySlot(page: Page, hour: number): Promise<void> {
  const slot = page.locator('.rbc-day-slot.rbc-today .rbc-time-slot').nth(hour * 2);
  await slot.scrollIntoViewIfNeeded();
  const box = await slot.boundingBox();
  if (!box) throw new Error(`no slot at ${hour}:00 today`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
const calendarEvent = (scope: Page | Locator, title: string) =>
  scope.locator('.rbc-event').filter({ hasText: title }).first();
// The colour coding is set inline by eventPropGetter; Chromium reports it as rgb().
/** A confirmed booking's border is green (its fill is its visibility's). */
const border = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).borderLeftColor);
const background = (locator: Locator) =>
  locator.evaluate((element) => (element as unknown as { style: { backgroundColor: string } }).style.backgroundColor);

async function openCalendar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Calendar', exact: true }).click();
  await page.getByRole('region', { name: 'My Calendar' }).waitFor();
}

describe('calendar in Chromium with two users', () => {
  let a: SignedIn;
  let b: SignedIn;
  let alice: SignedIn['account'];
  let bob: SignedIn['account'];

  beforeAll(async () => {
    [a, b] = await Promise.all([
      signedInPage(suite.browser, suite.box.baseUrl, 'alice'),
      signedInPage(suite.browser, suite.box.baseUrl, 'bob'),
    ]);
    [alice, bob] = [a.account, b.account];
  });

  it('A creates a session by selecting a slot, edits it, and cancels it after the confirmation', async () => {
    const { page, dialogs } = a;
    await openCalendar(page);
    await clickTodaySlot(page, 10);
    const create = page.getByRole('dialog', { name: 'Create Session' });
    await create.getByLabel('Title *').fill('Morning riffs');
    await create.getByRole('button', { name: 'Create Session' }).click();
    await create.waitFor({ state: 'detached' });
    await calendarEvent(page, 'Morning riffs').click();

    const edit = page.getByRole('dialog', { name: 'Edit Session' });
    await edit.getByLabel('Title *').fill('Morning riffs, take two');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await calendarEvent(page, 'Morning riffs, take two').click();

    await edit.getByRole('button', { name: 'Cancel Session' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(dialogs).toContain('Are you sure you want to cancel this session?');
    await until(async () => (await page.locator('.rbc-event').count()) === 0, { what: 'the session is gone' });
  });

  it("B follows A, sees A's followers session and requests to join it", async () => {
    const created = await jsonCaller(suite.box.baseUrl)('POST', '/sessions/create', {
      token: a.idToken,
      body: { title: 'Fans-only jam', visibility: 'followers', startTime: today(12), endTime: today(13) },
    });
    expect(created.status).toBe(201);

    const { page, dialogs } = b;
    await page.getByRole('button', { name: 'Explore Users' }).click();
    const card = page.locator('.user-card').filter({ hasText: `@${alice.username}` });
    await card.getByRole('button', { name: 'Follow' }).click();
    await card.getByRole('button', { name: 'Unfollow' }).waitFor();

    await openCalendar(page);
    await page.getByRole('tab', { name: 'My Following' }).click();
    await page.getByRole('button', { name: new RegExp(alice.name) }).click();
    const calendar = page.getByRole('region', { name: `${alice.name}'s calendar` });
    const jam = calendarEvent(calendar, 'Fans-only jam');
    // The fill is the visibility: followers-only is amber.
    expect(await background(jam)).toBe(AMBER);
    await jam.click();
    const join = page.getByRole('dialog', { name: 'Request to Join Session' });
    await join.getByLabel('Message').fill('I can bring a bass');
    await join.getByRole('button', { name: 'Send Join Request' }).click();
    await until(() => dialogs.includes('Join request sent!'), { what: "the 'Join request sent!' alert" });
  });

  it('B books time with A and is told; A sees the toast and accepts; both calendars show it confirmed', async () => {
    const { page } = b;
    await clickTodaySlot(page, 15);
    const book = page.getByRole('dialog', { name: `Book Time with ${alice.name}` });
    await book.getByLabel('Title').fill('Bass overdubs');
    await book.getByLabel('Message').fill('Two songs');
    await book.getByRole('button', { name: 'Send Booking Request' }).click();
    await book.waitFor({ state: 'detached' });
    await page.getByTestId('toast').filter({ hasText: 'Booking request sent!' }).waitFor();
    const held = calendarEvent(
      page.getByRole('region', { name: `${alice.name}'s calendar` }),
      'Bass overdubs (pending)',
    );
    await until(async () => (await background(held)) === YELLOW, { what: "the request yellow on A's calendar" });

    const toast = a.page.getByTestId('toast').filter({ hasText: `New booking request from @${bob.username}` });
    await toast.getByRole('button', { name: 'View' }).click();
    const requests = a.page.getByRole('dialog', { name: 'Booking Requests' });
    const incoming = requests.getByTestId('incoming-booking').filter({ hasText: 'Bass overdubs' });
    await incoming.getByRole('button', { name: 'Accept' }).click();
    await incoming.getByText('accepted').waitFor();
    await requests.getByRole('button', { name: 'Close', exact: true }).click();

    await a.page.getByRole('tab', { name: 'My Calendar' }).click();
    // A booked session is private: grey, with the green border and ✓ of a confirmed booking.
    const confirmed = async (scope: Page) => {
      const item = calendarEvent(scope, 'Bass overdubs');
      return (await background(item)) === GREY && (await border(item)) === GREEN;
    };
    await until(() => confirmed(a.page), { what: "confirmed on A's calendar" });
    await calendarEvent(a.page, 'Bass overdubs').locator('.calendar-badge').waitFor();

    await page.reload();
    await page.getByRole('region', { name: 'My Calendar' }).waitFor();
    await until(() => confirmed(page), { what: "confirmed on B's calendar" });
  });

  it('on a phone (390x844, touch) A creates a session by a tap and by New session', async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.box.baseUrl,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    try {
      const page = await context.newPage();
      await logInThroughUi(page, alice.email, alice.password);
      await page.waitForURL('**/dashboard');
      await page.goto('/dashboard?tab=calendar');
      const region = page.getByRole('region', { name: 'My Calendar' });
      await region.waitFor();
      // One day, not seven squeezed columns; the tabs, New session and the toolbar 44 px targets.
      expect(await region.locator('.rbc-day-slot').count()).toBe(1);
      const sizes = await page
        .locator('.rbc-toolbar button, .tabs__tab, .calendar-actions .btn')
        .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect()));
      expect(sizes.length).toBeGreaterThan(8);
      expect(Math.min(...sizes.map((size) => Math.min(size.width, size.height)))).toBeGreaterThanOrEqual(44);

      const slot = region.locator('.rbc-day-slot .rbc-time-slot').nth(9 * 2);
      await slot.scrollIntoViewIfNeeded();
      const box = await slot.boundingBox();
      if (!box) throw new Error('no slot at 9:00');
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const create = page.getByRole('dialog', { name: 'Create Session' });
      expect(await create.getByLabel('Start Time *').inputValue()).toMatch(/T09:00$/);
      const close = await create.getByRole('button', { name: 'Close dialog' }).boundingBox();
      expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(44);
      await create.getByLabel('Title *').fill('Tapped take');
      await create.getByRole('button', { name: 'Create Session' }).tap();
      await create.waitFor({ state: 'detached' });
      await calendarEvent(region, 'Tapped take').waitFor();

      await page.getByRole('button', { name: 'New session' }).tap();
      await create.getByLabel('Title *').fill('Typed take');
      const now = new Date();
      const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
        .map((part) => String(part).padStart(2, '0'))
        .join('-');
      await create.getByLabel('Start Time *').fill(`${day}T07:00`);
      await create.getByLabel('End Time *').fill(`${day}T08:00`);
      await create.getByRole('button', { name: 'Create Session' }).tap();
      await create.waitFor({ state: 'detached' });
      await calendarEvent(region, 'Typed take').waitFor();
    } finally {
      await context.close();
    }
  });
});
