/// <reference lib="dom" />
// Code passed to page.evaluate runs in the browser, so this file sees DOM types.
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jsonCaller, startTestApi } from '../../server/src/testing/test-api.js';
import { logInThroughUi, newAccount, signUpThroughUi } from '../support/accounts.js';
import { FULL_RUN } from '../full-only.js';
import { openPage } from '../support/browser.js';
import {
  emulatorAccount,
  emulatorAccountWithProfile,
  emulatorSignUp,
  firebaseSignedInPage,
} from '../support/firebase-accounts.js';
import { DEMO_PROJECT_ID, firebaseIdentityConfig, useFirebaseBoxAndChromium } from '../support/firebase-suite.js';
import { jwtClaims, unsignedJwt } from '../support/jwt.js';
import { startHosting } from '../support/room-pages.js';
import { connected, socketOpener } from '../support/sockets.js';
import { until } from '../support/until.js';

/**
 * One Auth emulator, box and Chromium for every Firebase-mode check. Each describe has accounts of
 * its own, so the three run side by side (concurrent describes); the steps inside one run in order.
 */
const suite = useFirebaseBoxAndChromium();

/** What the emulator answered to each of the page's password sign-ins: its error message, or 'ok'. */
function signInAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/accounts:signInWithPassword')) return;
    void response.json().then((body: { error?: { message?: string } }) => answers.push(body.error?.message ?? 'ok'));
  });
  return answers;
}

describe.concurrent('Firebase identity mode in Chromium, against the Auth emulator', () => {
  const alice = newAccount('alice');

  it.sequential('signs up, saves the profile, sets it up and greets the new user', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    const offBox: string[] = [];
    page.on('request', (request) => {
      const { host } = new URL(request.url());
      if (host !== new URL(suite.box.baseUrl).host && host !== suite.emulator.host) offBox.push(request.url());
    });
    await signUpThroughUi(page, alice);
    await page.getByText('Profile saved!').waitFor();
    await page.getByText('Setting Up Your Profile...').waitFor();
    await page.waitForURL('**/dashboard', { timeout: 20_000 });
    await page.getByText(`Welcome back, ${alice.name}!`).waitFor();

    // The account lives in Firebase, its display name set to the username (spec part 7), and the
    // profile is filed under the Firebase uid.
    const account = await emulatorAccount(suite.emulator, alice.email);
    expect(account?.displayName).toBe(alice.username);
    const users = await jsonCaller(suite.box.baseUrl)('GET', '/user/users');
    const profile = (users.body as { firebase_uid: string; user_username: string }[]).find(
      (user) => user.user_username === alice.username,
    );
    expect(profile?.firebase_uid).toBe(account?.localId);
    expect(offBox).toEqual([]); // the box and the emulator, nothing else
    await page.context().close();
  });

  it.sequential('logs in with the welcome message, then lands on the dashboard', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    const answers = signInAnswers(page);
    await logInThroughUi(page, alice.email, alice.password);
    await page.locator('form').getByText(`Welcome back, ${alice.name}!`).waitFor();
    await page.waitForURL('**/dashboard');
    await until(() => answers.length > 0, { what: "the emulator's answer" });
    expect(answers).toEqual(['ok']);
    await page.context().close();
  });

  it.sequential("tells a Firebase account that has no profile yet 'Failed to fetch user profile'", async () => {
    const stranger = newAccount('stranger');
    await emulatorSignUp(suite.emulator, stranger);
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await logInThroughUi(page, stranger.email, stranger.password);
    await page.getByRole('alert').getByText('Failed to fetch user profile', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  // Firebase's own answers, as the emulator gives them, mapped to spec part 8. The emulator never
  // answers TOO_MANY_ATTEMPTS_TRY_LATER: that one is covered in client/src/features/auth.
  it.sequential.each([
    [
      'an unknown account',
      () => `nobody${Date.now()}@example.test`,
      () => alice.password,
      'EMAIL_NOT_FOUND',
      'No account found with this email.',
    ],
    ['a wrong password', () => alice.email, () => 'not-the-password', 'INVALID_PASSWORD', 'Incorrect password.'],
    ['an invalid email', () => 'alice@@example.test', () => alice.password, 'INVALID_EMAIL', 'Invalid email address.'],
  ])('shows the spec message for %s', async (_case, email, password, firebaseAnswer, shown) => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    const answers = signInAnswers(page);
    await page.goto('/login');
    // The browser's own check of type="email" would stop the malformed address before Firebase
    // sees it; switch it off so Firebase's answer is what the user reads.
    await page.locator('form').evaluate((form: HTMLFormElement) => (form.noValidate = true));
    await page.getByLabel('Email').fill(email());
    await page.getByLabel('Password').fill(password());
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText(shown, { exact: true }).waitFor();
    await until(() => answers.length > 0, { what: "the emulator's answer" });
    expect(answers[0]).toMatch(new RegExp(`^${firebaseAnswer}\\b`));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });

  it.sequential('refreshes the ID token past its expiry and goes on calling the API with the new one', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    await page.clock.install();
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${suite.emulator.url}/securetoken.googleapis.com/`)) refreshes.push(request.url());
    });
    const bearerOf = (request: { headers(): Record<string, string> }) =>
      request.headers().authorization?.replace(/^Bearer /, '');
    const profileCall = page.waitForResponse((response) => response.url().endsWith('/api/user/profile'));
    await logInThroughUi(page, alice.email, alice.password);
    const first = bearerOf((await profileCall).request())!;
    await page.waitForURL('**/dashboard');
    expect(refreshes).toEqual([]);

    // A minute past the token's expiry, as the page's clock tells it.
    await page.clock.setSystemTime((jwtClaims(first).exp + 60) * 1000);
    const conversations = page.waitForResponse((response) => response.url().includes('/api/messages/conversations'));
    await page.getByRole('button', { name: 'Messages' }).click();
    const response = await conversations;
    const second = bearerOf(response.request())!;

    expect(refreshes.length).toBeGreaterThan(0); // the SDK asked the emulator for a new token
    expect(second).not.toBe(first);
    expect(jwtClaims(second).iat).toBeGreaterThan(jwtClaims(first).iat);
    expect(jwtClaims(second).user_id).toBe(jwtClaims(first).user_id);
    expect(response.status()).toBe(200);
    await page.context().close();
  });

  it.sequential('signs out, which ends the realtime socket', async () => {
    const { page } = await openPage(suite.browser, suite.box.baseUrl);
    const sockets: { socket: WebSocket; accepted: boolean }[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      const entry = { socket, accepted: false };
      // Socket.IO's CONNECT packet back: the server verified the Firebase token in the handshake.
      socket.on('framereceived', ({ payload }) => (entry.accepted ||= String(payload).startsWith('40{"sid"')));
      sockets.push(entry);
    });
    await logInThroughUi(page, alice.email, alice.password);
    await page.waitForURL('**/dashboard');
    const realtime = await until(() => sockets.find((entry) => entry.accepted), {
      what: 'an accepted realtime socket',
    });

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await until(() => realtime.socket.isClosed(), { what: 'the realtime socket closed' });
    expect(sockets.filter((entry) => !entry.socket.isClosed())).toEqual([]);
    // Signed out of Firebase too: a protected page sends us to the login screen.
    await page.goto('/dashboard');
    await page.waitForURL('**/login**');
    await page.context().close();
  });
});

describe.concurrent('the API and Firebase ID tokens', () => {
  const sockets = socketOpener(() => suite.box.baseUrl);

  it.sequential('refuses a token of another Firebase project, on HTTP and on the realtime socket', async () => {
    const call = jsonCaller(suite.box.baseUrl);
    const ours = await emulatorSignUp(suite.emulator, newAccount('ours'));
    const theirs = await emulatorSignUp(suite.emulator, { ...newAccount('theirs'), projectId: 'demo-other-project' });
    expect(jwtClaims(theirs.idToken).aud).toBe('demo-other-project');

    // A token of our project passes: this account just has no profile yet.
    expect(await call('GET', '/api/user/profile', { token: ours.idToken })).toMatchObject({
      status: 404,
      body: { error: { code: 'user/not-found' } },
    });
    expect(await call('GET', '/api/user/profile', { token: theirs.idToken })).toMatchObject({
      status: 401,
      body: { error: { code: 'auth/unauthenticated' } },
    });
    await expect(connected(sockets.connect(theirs.idToken))).rejects.toThrow('auth/unauthenticated');
    await connected(sockets.connect(ours.idToken));
    sockets.closeAll();
  });

  it.sequential('keeps the profile, messages and notifications of an account imported under its old uid', async () => {
    // Accounts imported into Firebase keep the ids they had (up to 128 characters of any kind).
    const legacy = newAccount('legacy');
    const uid = `auth0|${legacy.username}.v1`;
    const imported = await emulatorAccountWithProfile(suite.box.baseUrl, suite.emulator, { ...legacy, uid });
    expect(imported.uid).toBe(uid);
    const sender = await emulatorAccountWithProfile(suite.box.baseUrl, suite.emulator, newAccount('sender'));
    const call = jsonCaller(suite.box.baseUrl);
    expect(await call('GET', '/api/user/profile', { token: imported.idToken })).toMatchObject({
      status: 200,
      body: { user: { firebase_uid: uid, user_username: legacy.username } },
    });

    const socket = sockets.connect(imported.idToken);
    await connected(socket);
    expect(await socket.emitWithAck('register-user', uid)).toEqual({ ok: true });
    const notified = new Promise((resolve) => socket.once('new-message', resolve));
    expect(
      await call('POST', '/api/messages/send', { token: sender.idToken, body: { to_uid: uid, content: 'hi' } }),
    ).toMatchObject({ status: 201 });
    await notified;
    expect(await call('GET', `/api/messages/uid/${encodeURIComponent(uid)}`, { token: sender.idToken })).toMatchObject({
      status: 200,
    });
    sockets.closeAll();
  });

  it.sequential('answers an expired token with auth/id-token-expired, the code the client refreshes on', async () => {
    const { idToken } = await emulatorSignUp(suite.emulator, newAccount('late'));
    const claims = jwtClaims(idToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = unsignedJwt({ ...claims, auth_time: now - 7300, iat: now - 7200, exp: now - 3600 });
    expect(await jsonCaller(suite.box.baseUrl)('GET', '/api/user/profile', { token: expired })).toMatchObject({
      status: 401,
      body: { error: { code: 'auth/id-token-expired' } },
    });
  });

  it.sequential('refuses an unsigned emulator token when emulator mode is off', async () => {
    const { idToken } = await emulatorSignUp(suite.emulator, newAccount('forged'));
    // The box, in emulator mode, takes it (the account just has no profile).
    expect(await jsonCaller(suite.box.baseUrl)('GET', '/api/user/profile', { token: idToken })).toMatchObject({
      status: 404,
    });
    // This API runs in the test process, where FIREBASE_AUTH_EMULATOR_HOST is not set: production.
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    const api = await startTestApi({ identity: firebaseIdentityConfig(DEMO_PROJECT_ID) });
    try {
      expect(await api.call('GET', '/api/user/profile', { token: idToken })).toMatchObject({
        status: 401,
        body: { error: { code: 'auth/unauthenticated' } },
      });
    } finally {
      await api.close();
    }
  });
});

// Rooms and messages themselves are checked in local mode in every `npm test`; in Firebase mode
// they run in `npm run test:full` (tests/full-only.ts).
describe.skipIf(!FULL_RUN).concurrent('rooms and messages in Firebase mode, in Chromium', () => {
  it.sequential('a signed-in host and a signed-in collaborator join one room', async () => {
    const host = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'host');
    const collaborator = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'collab');
    await startHosting(host.page, host.account);

    const link = await host.page.getByLabel('Invite link').inputValue();
    await collaborator.page.goto(link);
    await collaborator.page.waitForURL('**/join-collaboration/**');
    await collaborator.page.getByText('Connected (High Performance)').waitFor({ timeout: 15_000 });
    await collaborator.page.getByText(`Host: ${host.account.name}`).waitFor();
    // Signed in, so not watching as an anonymous guest.
    expect(await collaborator.page.getByRole('button', { name: 'Login for Full Features' }).count()).toBe(0);

    // The host sees the collaborator by the profile name filed under their Firebase uid, not as
    // 'Guest'; joining by link makes a signed-in user a viewer (spec part 6). The host has a Remove
    // control beside each person (issue 15's host controls).
    const participants = host.page.getByRole('region', { name: /^Participants \(\d+\/10\)$/ });
    const entry = participants.getByRole('listitem').filter({ hasText: collaborator.account.name });
    await entry.waitFor();
    expect(await entry.textContent()).toBe(`${collaborator.account.name}viewerRemove`);

    await collaborator.page.getByLabel('Chat message').fill('ready when you are');
    await collaborator.page.getByLabel('Chat message').press('Enter');
    await host.page.getByText('ready when you are').waitFor();
    await host.page.context().close();
    await collaborator.page.context().close();
  });

  it.sequential('a direct message goes live to the signed-in recipient', async () => {
    const alice = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'alice');
    const bob = await firebaseSignedInPage(suite.browser, suite.box.baseUrl, suite.emulator, 'bob');

    await alice.page.getByRole('button', { name: 'Explore Users' }).click();
    const card = alice.page.getByTestId('user-card').filter({ hasText: `@${bob.account.username}` });
    await card.getByRole('button', { name: 'Message' }).click();
    const input = alice.page.getByLabel(`Message ${bob.account.name}`);
    await input.fill('mix v2 is up');
    await input.press('Enter');
    await alice.page.getByTestId('message').filter({ hasText: 'mix v2 is up' }).waitFor();

    // Bob, without reloading, hears of it over the realtime socket his Firebase token opened.
    const toast = bob.page.getByTestId('toast').filter({ hasText: `New message from ${alice.account.name}` });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Open' }).click();
    const received = bob.page.getByTestId('message').filter({ hasText: 'mix v2 is up' });
    await received.waitFor();
    expect(await received.getAttribute('data-own')).toBe('false');
    await alice.page.context().close();
    await bob.page.context().close();
  });
});
