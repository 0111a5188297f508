import type { Page } from 'playwright-core';

export interface Account {
  username: string;
  name: string;
  email: string;
  password: string;
}

let serial = 0;

/** A fresh account whose username no earlier run of the suite has used. */
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
