import type { Browser } from 'playwright-core';
import { jsonCaller } from '../../server/src/testing/test-api.js';
import { logInThroughUi, newAccount, type Account, type SignedIn } from './accounts.js';
import { openPage } from './browser.js';
import type { FirebaseAuthEmulator } from './firebase-emulator.js';

const IDENTITY_TOOLKIT = '/identitytoolkit.googleapis.com/v1';
// The Auth emulator takes this bearer as an administrator's credential.
const AS_ADMIN = { authorization: 'Bearer owner', 'content-type': 'application/json' };

export interface EmulatorAccount {
  email: string;
  password: string;
  projectId?: string;
  uid?: string;
}

async function adminCall(emulator: FirebaseAuthEmulator, route: string, body: unknown): Promise<any> {
  const response = await fetch(`${emulator.url}${IDENTITY_TOOLKIT}${route}`, {
    method: 'POST',
    headers: AS_ADMIN,
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`emulator ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * An email/password account made on the emulator in `projectId` (by default the emulator's own
 * project), under `uid` if given (as accounts imported into Firebase keep theirs), and an ID token
 * the emulator issued when it signed in.
 */
export async function emulatorSignUp(
  emulator: FirebaseAuthEmulator,
  { email, password, projectId = emulator.projectId, uid }: EmulatorAccount,
): Promise<{ uid: string; idToken: string }> {
  await adminCall(emulator, `/projects/${projectId}/accounts`, { email, password, ...(uid ? { localId: uid } : {}) });
  // Only an administrator may name the project; a browser's sign-in is always the emulator's own.
  const signedIn = await adminCall(emulator, '/accounts:signInWithPassword', {
    email,
    password,
    targetProjectId: projectId,
    returnSecureToken: true,
  });
  return { uid: signedIn.localId as string, idToken: signedIn.idToken as string };
}

/** The emulator's own record of the account with this email, if there is one. */
export async function emulatorAccount(
  emulator: FirebaseAuthEmulator,
  email: string,
): Promise<{ localId: string; displayName?: string } | undefined> {
  const found = await adminCall(emulator, `/projects/${emulator.projectId}/accounts:lookup`, { email: [email] });
  return (found.users as { localId: string; displayName?: string }[] | undefined)?.[0];
}

/** A Firebase account with its Riffroom profile saved, as signup saves it (minus the screens). */
export async function emulatorAccountWithProfile(
  baseUrl: string,
  emulator: FirebaseAuthEmulator,
  account: Account & { uid?: string },
): Promise<{ uid: string; idToken: string }> {
  const created = await emulatorSignUp(emulator, account);
  const saved = await jsonCaller(baseUrl)('POST', '/api/user/public-save-profile', {
    token: created.idToken,
    body: {
      user_name: account.name,
      user_email: account.email,
      user_username: account.username,
      firebase_uid: created.uid,
    },
  });
  if (saved.status !== 200) throw new Error(`profile not saved: ${JSON.stringify(saved.body)}`);
  return created;
}

/**
 * A Firebase account with its Riffroom profile (the sign-up test covers the screens that make
 * them), signed in through the login screen in a fresh context, on the dashboard.
 */
export async function firebaseSignedInPage(
  browser: Browser,
  baseUrl: string,
  emulator: FirebaseAuthEmulator,
  label: string,
): Promise<SignedIn> {
  const account = newAccount(label);
  const { uid, idToken } = await emulatorAccountWithProfile(baseUrl, emulator, account);
  const watched = await openPage(browser, baseUrl);
  await logInThroughUi(watched.page, account.email, account.password);
  await watched.page.waitForURL('**/dashboard');
  return { ...watched, account, uid, idToken };
}
