import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCaller, signUpUser } from '../../server/src/testing/test-api.js';
import { expectOwnerOnlyDataDir } from '../../server/src/testing/owner-only.js';
import { startBox, type Box } from '../support/box.js';
import { runOps } from '../support/ops-command.js';
import { until } from '../support/until.js';
import { inspectDatabase } from './inspect-database.js';
import { newAcked, startWriteLoad, type AckedMessage, type LoadUser } from './write-load.js';

const CRASHES = 5;
/** Six starts of the real box: about a minute on an idle 2-core machine, several under a loaded one. */
const TIMEOUT_MS = 300_000;
const BACKUP_ROUND = 3;
// The load is the test's own: flood limits would refuse it, and they are not what is tested here.
const ENV = {
  RATE_SIGNUP_PER_ADDRESS: 'off',
  RATE_WRITES_PER_USER: 'off',
  RATE_WRITES_PER_ADDRESS: 'off',
  RATE_MESSAGES_PER_USER: 'off',
  RATE_BOOKINGS_PER_USER: 'off',
};

/** Every message between two users the box serves, all pages, through the API. */
async function conversation(baseUrl: string, reader: LoadUser, other: string): Promise<Map<string, string>> {
  const call = jsonCaller(baseUrl);
  const found = new Map<string, string>();
  for (let before: string | null = null; ;) {
    const query: string = before ? `?limit=50&before=${before}` : '?limit=50';
    const page = await call('GET', `/api/messages/uid/${other}${query}`, { token: reader.idToken });
    if (page.status !== 200) throw new Error(`conversation answered ${page.status}: ${JSON.stringify(page.body)}`);
    for (const message of page.body.messages as { _id: string; content: string }[])
      found.set(message._id, message.content);
    before = page.body.nextBefore;
    if (!before) return found;
  }
}

let root: string;
let dataDir: string;
let box: Box;
let users: LoadUser[];
const acked = newAcked();
let backupFile: string;
let ackedBeforeBackup: AckedMessage[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'riffroom-durability-'));
  dataDir = path.join(root, 'data');
  box = await startBox(ENV, { dataDir });
  const call = jsonCaller(box.baseUrl);
  users = [];
  for (let i = 0; i < 4; i += 1) {
    const user = await signUpUser({ call });
    users.push({ uid: user.user.uid, idToken: user.idToken });
  }
  for (const follower of users) {
    for (const followee of users) {
      if (follower !== followee) await call('POST', `/api/user/follow/${followee.uid}`, { token: follower.idToken });
    }
  }
});

afterAll(async () => {
  await box?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('the box killed under load', () => {
  it(
    `keeps every answered write, a sound database and true unread counts, ${CRASHES} crashes over`,
    async () => {
      for (let round = 1; round <= CRASHES; round += 1) {
        const load = startWriteLoad(box.baseUrl, users, acked, `r${round}`);
        // A random moment: after a random number of answered writes.
        const killAfter = 20 + Math.floor(Math.random() * 120);
        await until(() => load.writes() >= killAfter, {
          timeoutMs: 30_000,
          what: `${killAfter} writes in round ${round}`,
        });
        if (round === BACKUP_ROUND) {
          // An online backup while the load goes on; what was answered before it began must be in it.
          ackedBeforeBackup = [...acked.messages.values()];
          backupFile = path.join(root, 'during-load.tar');
          await runOps('backup', ['--out', backupFile], { DATA_DIR: dataDir });
          expect(load.writes()).toBeGreaterThan(killAfter); // the box kept serving meanwhile
        }
        await box.crash();
        await load.stop();
        expect(load.failures).toEqual([]);

        const after = inspectDatabase(path.join(dataDir, 'riffroom.sqlite'));
        expect(after.integrity).toBe('ok');
        const missing = [...acked.messages.values()].filter(
          (message) => after.messages.get(message.id)?.content !== message.content,
        );
        expect(missing, `answered messages lost in round ${round} (killed after ${killAfter} writes)`).toEqual([]);
        expect([...acked.bookings].filter((id) => !after.bookings.has(id))).toEqual([]);
        expect(after.keptUnread).toEqual(after.countedUnread);

        box = await startBox(ENV, { dataDir });
        // The restarted box answers the same counts.
        const call = jsonCaller(box.baseUrl);
        for (const user of users) {
          const unread = await call('GET', '/api/messages/unread', { token: user.idToken });
          expect(unread.body.unreadCounts).toEqual(after.unreadOf(user.uid));
        }
      }
      expect(acked.messages.size).toBeGreaterThan(CRASHES * 10);
    },
    TIMEOUT_MS,
  );

  it(
    'a backup taken during that load restores into a new DATA_DIR, whose box serves those messages to the old tokens',
    async () => {
      expect(ackedBeforeBackup.length).toBeGreaterThan(0);
      const restoredDir = path.join(root, 'restored');
      await runOps('restore', [backupFile, '--data-dir', restoredDir], {});
      const restored = await startBox(ENV, { dataDir: restoredDir });
      try {
        expectOwnerOnlyDataDir(restoredDir);
        for (const reader of users) {
          for (const other of users) {
            if (reader === other) continue;
            // The ID tokens issued before the backup, by the original box: the same key verifies them.
            const served = await conversation(restored.baseUrl, reader, other.uid);
            const expected = ackedBeforeBackup.filter((m) => m.from === reader.uid && m.to === other.uid);
            for (const message of expected)
              expect([message.id, served.get(message.id)]).toEqual([message.id, message.content]);
          }
        }
      } finally {
        await restored.stop();
      }
    },
    TIMEOUT_MS,
  );
});
