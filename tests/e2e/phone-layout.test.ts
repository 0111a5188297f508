/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { logInThroughUi, newAccount } from '../support/accounts.js';
import { useBoxAndChromium } from '../support/e2e-suite.js';

const suite = useBoxAndChromium();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const CONNECTED = 'Connected (High Performance)';

async function phonePage(): Promise<Page> {
  const context = await suite.browser.newContext({ baseURL: suite.box.baseUrl, ...PHONE });
  return context.newPage();
}

/** How far the page reaches beyond the window, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    y: document.documentElement.scrollHeight - window.innerHeight,
  }));
}

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

/** Who can join: each choice on a line of its own, at least `minHeight` high. */
async function expectHostControlsApart(page: Page, minHeight: number) {
  const choices = page.locator('.host-controls > label');
  expect(await choices.count()).toBe(5);
  let previousBottom = 0;
  for (const choice of await choices.all()) {
    const { y, height } = (await choice.boundingBox())!;
    expect(y).toBeGreaterThanOrEqual(previousBottom);
    expect(height).toBeGreaterThanOrEqual(minHeight);
    previousBottom = y + height;
  }
}

/** Start Screen Share and Record apart, and the 'Connection tier' label level with its value. */
async function expectSharingRowApart(page: Page, minHeight: number) {
  const share = (await page.getByRole('button', { name: 'Start Screen Share' }).boundingBox())!;
  const record = (await page.getByRole('button', { name: 'Record' }).boundingBox())!;
  expect(record.x - (share.x + share.width)).toBeGreaterThanOrEqual(8);
  expect(share.height).toBeGreaterThanOrEqual(minHeight);
  const tierLabel = await box(page, '.room-tier > label');
  const tierSelect = (await page.getByLabel('Connection tier').boundingBox())!;
  const labelMiddle = tierLabel.y + tierLabel.height / 2;
  expect(labelMiddle).toBeGreaterThan(tierSelect.y);
  expect(labelMiddle).toBeLessThan(tierSelect.y + tierSelect.height);
}

describe('a phone (390x844, touch)', () => {
  it('opens the dashboard sidebar from the menu button; pages fit the screen; a host and a guest room need no sideways scroll', async () => {
    const account = newAccount('phone');
    await signUpUser(
      { call: jsonCaller(suite.box.baseUrl) },
      { name: account.name, username: account.username, email: account.email, password: account.password },
    );
    const page = await phonePage();
    await logInThroughUi(page, account.email, account.password);
    await page.waitForURL('**/dashboard');
    await page.getByText('You are not following anyone yet.').waitFor();
    await page.getByTestId('version-footer').waitFor();

    // The sidebar waits behind the menu button; the short Dashboard page fits the screen exactly.
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
    expect(await sections.isVisible()).toBe(false);
    expect(await overflow(page)).toEqual({ x: 0, y: 0 });

    // Tap Menu, then a section: the menu closes and the section shows, its card without an empty band.
    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await sections.getByRole('button', { name: 'Collaborations' }).tap();
    await page.getByRole('heading', { name: 'Collaboration Room' }).waitFor();
    expect(await sections.isVisible()).toBe(false);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const card = await box(page, '.collab-card');
    const firstInCard = await box(page, '.collab-card > :first-child');
    expect(firstInCard.y - card.y).toBeLessThanOrEqual(33);
    // Escape closes the menu and gives the focus back to its button.
    await menu.tap();
    await sections.waitFor();
    await page.keyboard.press('Escape');
    await sections.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menu');

    // A section opened after a scroll shows its heading below the sticky header, not under it.
    await page.setViewportSize({ width: 390, height: 420 });
    await menu.tap();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await sections.getByRole('button', { name: 'Book Session' }).tap();
    const heading = page.getByRole('heading', { name: 'Book a Session' });
    await heading.waitFor();
    const header = await box(page, '.app-header');
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await page.setViewportSize(PHONE.viewport);

    // Hosting: the room's panels in groups, chat one tap away, nothing wider than the phone.
    await menu.tap();
    await sections.getByRole('button', { name: 'Collaborations' }).tap();
    await page.getByRole('button', { name: 'Start Hosting' }).tap();
    await page.getByRole('heading', { name: `${account.name}'s Room` }).waitFor({ timeout: 15_000 });
    await page.getByText(CONNECTED).waitFor({ timeout: 15_000 });
    expect((await overflow(page)).x).toBeLessThanOrEqual(0);
    const groups = page.getByRole('group', { name: 'Room panels' });
    expect(await page.getByRole('heading', { name: 'Live Chat' }).isVisible()).toBe(false);
    await groups.getByRole('button', { name: 'Chat' }).tap();
    const chatInput = page.getByLabel('Chat message');
    await chatInput.waitFor();
    const chatBox = (await chatInput.boundingBox())!;
    expect(chatBox.y + chatBox.height).toBeLessThanOrEqual(PHONE.viewport.height);
    await chatInput.fill('hello from a phone');
    await page.getByRole('button', { name: 'Send' }).tap();
    await page.getByText('hello from a phone').waitFor();
    await groups.getByRole('button', { name: 'Participants' }).tap();
    await page.getByRole('heading', { name: /^Participants \(/ }).waitFor();

    // Who can join: each choice on its own line, with a 44 px target for a finger.
    await groups.getByRole('button', { name: 'Who can join' }).tap();
    await expectHostControlsApart(page, 44);
    // Sharing: Start Screen Share and Record apart; the tier's label beside its value.
    await groups.getByRole('button', { name: 'Sharing' }).tap();
    await expectSharingRowApart(page, 44);
    expect((await overflow(page)).x).toBeLessThanOrEqual(0);
    // The same on a desktop, where every panel shows.
    await page.setViewportSize({ width: 1400, height: 900 });
    await expectHostControlsApart(page, 0);
    await expectSharingRowApart(page, 0);
    await page.setViewportSize(PHONE.viewport);

    // A guest on a phone: connected, the chat there, nothing wider than the screen.
    const link = await page.getByLabel('Invite link').inputValue();
    const guest = await phonePage();
    await guest.goto(link);
    await guest.getByText(CONNECTED).waitFor({ timeout: 15_000 });
    await guest.getByText('hello from a phone').waitFor();
    expect((await overflow(guest)).x).toBeLessThanOrEqual(0);

    await guest.context().close();
    await page.context().close();
  });
});
