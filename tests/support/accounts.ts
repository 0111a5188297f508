import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { openPage, type WatchedPage } from './browser.js';

export interface Account {
  username: string;
  name: string;
  email: string;
  password: string;
}

let serial = 0;
/** A fresh, unique account; `label` makes the name readable in failures ('alice' → 'Alice Tester'). */
export function newAccount(label: string): Account {
  serial += 1;
  const username = `${label}${Date.now() % 100000}${serial}`;
  return {
    username,
    name: `${label[0]!.toUpperCase()}${label.slice(1)} Tester`,
    email: `${username}@example.test`,
    password: 'secret123',
  };
}

export async function signUpThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page
    .getByRole('button', { name: /sign up/i })
    .first()
    .click();
  await page.getByRole('heading', { name: 'Join Riffroom' }).waitFor();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
}

export async function logInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
}

export interface SignedIn extends WatchedPage {
  account: Account;
  uid: string;
  idToken: string;
}

/**
 * An account made through the API (signup itself is covered by the foundation tests), then signed
 * in through the login screen in a fresh browser context, landing on the dashboard.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  label: string,
  {
    contextOptions,
    beforeLogin,
  }: {
    /** e.g. a `timezoneId` of the person's own. */
    contextOptions?: BrowserContextOptions;
    /** Init scripts the page needs from its first load (a fake screen capture). */
    beforeLogin?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<SignedIn> {
  const account = newAccount(label);
  const created = await signUpUser(
    { call: jsonCaller(baseUrl) },
    { name: account.name, username: account.username, email: account.email, password: account.password },
  );
  const watched = await openPage(browser, baseUrl, contextOptions);
  await beforeLogin?.(watched.page);
  await logInThroughUi(watched.page, account.email, account.password);
  await watched.page.waitForURL('**/dashboard');
  return { ...watched, account, uid: created.user.uid, idToken: created.idToken };
}
