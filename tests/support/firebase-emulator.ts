import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './box.js';
import { startManagedProcess } from './managed-process.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Installed by `node scripts/setup.mjs --with-test-deps` (what `npm test` runs), never by `npm start`.
const FIREBASE_CLI = path.join(
  repoRoot,
  '.setup',
  'firebase-emulator',
  'node_modules',
  'firebase-tools',
  'lib',
  'bin',
  'firebase.js',
);

export interface FirebaseAuthEmulator {
  projectId: string;
  /** `127.0.0.1:PORT`, as firebase-admin's FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  /** `http://127.0.0.1:PORT`, as the client config's authEmulatorUrl takes it. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The Firebase Auth emulator of firebase-tools, and nothing else: no UI, no logging emulator, no
 * other service. It listens on a free port on 127.0.0.1 (its hub, which the CLI always starts, on a
 * second one), runs in a temporary directory with its own firebase.json, and never reaches the
 * network. Stopped by its PID, with its process group.
 */
export async function startFirebaseAuthEmulator({
  projectId = 'demo-riffroom',
  port,
}: { projectId?: string; port?: number } = {}): Promise<FirebaseAuthEmulator> {
  if (!existsSync(FIREBASE_CLI)) {
    throw new Error('firebase-tools is not installed: run `node scripts/setup.mjs --with-test-deps` (npm test does)');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'riffroom-firebase-'));
  const [authPort, hubPort, refusedPort] = [port ?? (await freePort()), await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        ui: { enabled: false },
        // Tokens of a second project are how a test shows that the API refuses them.
        singleProjectMode: false,
      },
    }),
  );
  // The CLI fetches its "message of the day" from the network unless its config store holds a
  // fresh one; a fresh empty one keeps it offline.
  const configHome = path.join(dir, 'config');
  mkdirSync(path.join(configHome, 'configstore'), { recursive: true });
  writeFileSync(
    path.join(configHome, 'configstore', 'firebase-tools.json'),
    JSON.stringify({ motd: { fetched: Date.now() } }),
  );
  mkdirSync(path.join(dir, 'tmp'));

  const url = `http://127.0.0.1:${authPort}`;
  const emulator = startManagedProcess(
    process.execPath,
    [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', projectId],
    {
      name: 'the Firebase Auth emulator',
      cwd: dir,
      scratchDir: dir,
      env: {
        ...process.env,
        XDG_CONFIG_HOME: configHome,
        // The hub writes its locator file to the temporary directory; one per emulator.
        TMPDIR: path.join(dir, 'tmp'),
        NO_UPDATE_NOTIFIER: '1',
        // firebase-tools 15 starts its logging emulator unless this is set: its default is the
        // string "false", which it then reads as true.
        START_LOGGING_EMULATOR: 'false',
        // Its notice to a VS Code extension goes to a port nothing listens on, refused at once.
        VSCODE_WEBHOOK_PORT: String(refusedPort),
      },
      // Its own process group, so stop() reaches any child it starts too.
      processGroup: true,
    },
  );
  // Loading firebase-tools takes a while on a busy 2-core machine.
  await emulator.waitUntilReady(
    async () => {
      const body = (await (await fetch(`${url}/`)).json()) as { authEmulator?: { ready?: boolean } };
      return body.authEmulator?.ready === true;
    },
    { timeoutMs: 90_000, intervalMs: 200, what: 'the Firebase Auth emulator answering' },
  );
  return { projectId, host: `127.0.0.1:${authPort}`, url, output: emulator.output, stop: emulator.stop };
}
