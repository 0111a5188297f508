import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort, startBox } from './box.js';
import { launchChromium } from './browser.js';
import type { E2eSuite } from './e2e-suite.js';
import { startFirebaseAuthEmulator, type FirebaseAuthEmulator } from './firebase-emulator.js';

export const DEMO_PROJECT_ID = 'demo-riffroom';

/**
 * The `identity` section of a Riffroom config naming the Firebase provider for a demo project; with
 * `emulatorUrl` the client signs in against that Auth emulator.
 */
export function firebaseIdentityConfig(projectId: string, emulatorUrl?: string) {
  return {
    provider: 'firebase' as const,
    projectId,
    client: {
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      projectId,
      ...(emulatorUrl ? { authEmulatorUrl: emulatorUrl } : {}),
    },
  };
}

export interface FirebaseSuite extends E2eSuite {
  emulator: FirebaseAuthEmulator;
}

/**
 * The hooks of a Firebase-mode end-to-end file: one Auth emulator, one real box configured by a
 * RIFFROOM_CONFIG file naming the firebase provider (firebase-admin in emulator mode through
 * FIREBASE_AUTH_EMULATOR_HOST), and Chromium, started together and stopped after the file.
 */
export function useFirebaseBoxAndChromium(): FirebaseSuite {
  const suite = {} as FirebaseSuite;
  let configDir = '';
  beforeAll(async () => {
    // The box's config names the emulator's address, so the port is chosen before either starts.
    const emulatorPort = await freePort();
    const emulatorHost = `127.0.0.1:${emulatorPort}`;
    configDir = mkdtempSync(path.join(tmpdir(), 'riffroom-firebase-config-'));
    const configFile = path.join(configDir, 'riffroom.json');
    writeFileSync(
      configFile,
      JSON.stringify({ identity: firebaseIdentityConfig(DEMO_PROJECT_ID, `http://${emulatorHost}`) }),
    );
    // Each is kept as soon as it is up, so afterAll stops it even when another failed to start.
    await Promise.all([
      startFirebaseAuthEmulator({ projectId: DEMO_PROJECT_ID, port: emulatorPort }).then((e) => (suite.emulator = e)),
      startBox({ RIFFROOM_CONFIG: configFile, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }).then((b) => (suite.box = b)),
      launchChromium().then((b) => (suite.browser = b)),
    ]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await Promise.all([suite.box?.stop(), suite.emulator?.stop()]);
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });
  return suite;
}
