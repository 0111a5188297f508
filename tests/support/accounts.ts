import type { Page } from 'playwright-core';

export interface Account {
  username: string;
  name: string;
  email: string;
  password: string;
}

let serial = 0;

/** A fresh account each call, unique across runs against the same box. */
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

/** Signs up through the real screens and waits until the new user lands on the dashboard. */
export async function signUpThroughUi(page: Page, account: Account): Promise<void> {
  await page.goto('/login?mode=signup');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/dashboard', { timeout: 20_000 });
}
