import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase, type Db } from '../db/connect.js';
import { migrationSource } from '../db/migrations/index.js';
import { messagesRepository } from './messages.js';
import { usersRepository } from './users.js';

// The conversation list (the conversations table, kept by insert and backfilled by migration 0006)
// and the conversation pages are compared with the obvious answer computed in JavaScript over a
// random history with both directions.
let dataDir: string;
let db: Db;
const repo = () => messagesRepository(db);
const uids = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];
const sent: { id: number; from: string; to: string }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-messages-repo-'));
  db = await openDatabase(loadApiConfig({}, { dataDir, logLevel: 'silent' }));
  for (const uid of uids) {
    await usersRepository(db).insert(uid, { user_email: `${uid}@example.test`, user_username: uid }, 0);
  }
  let state = 7;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  for (let i = 0; i < 300; i += 1) {
    // u7 never takes part, and u6 only ever receives: both edge cases of the partner walk.
    const from = uids[Math.floor(random() * 6)]!;
    let to = uids[Math.floor(random() * 7)]!;
    if (to === from) to = 'u6';
    const message = await repo().insert(from, to, `m${i}`, i);
    sent.push({ id: Number(message._id), from, to });
  }
});

afterAll(async () => {
  await db?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function expectedPartners(uid: string): string[] {
  const latest = new Map<string, number>();
  for (const m of sent) {
    const other = m.from === uid ? m.to : m.to === uid ? m.from : null;
    if (other) latest.set(other, Math.max(latest.get(other) ?? 0, m.id));
  }
  return [...latest.entries()].sort((a, b) => b[1] - a[1]).map(([other]) => other);
}

async function undo(...names: string[]): Promise<void> {
  for (const name of names) await db.migrate.down({ migrationSource, name });
}

/** What unread counts should say: per sender, the messages to `uid` not marked read, by sender uid. */
function expectedUnread(uid: string, read: Set<number>): { _id: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const m of sent) if (m.to === uid && !read.has(m.id)) counts.set(m.from, (counts.get(m.from) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([from, count]) => ({ _id: from, count }));
}

describe('messages repository', () => {
  async function walk(uid: string, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let before: number | undefined;
    for (;;) {
      const rows = await repo().conversationsPage(uid, limit, before);
      if (rows.length === 0) return pages;
      expect(rows.length).toBeLessThanOrEqual(limit);
      pages.push(rows.map((row) => row.user.firebase_uid));
      before = rows[rows.length - 1]!.lastMessageId;
    }
  }

  it('lists every conversation partner, most recent conversation first, page by page from the cursor', async () => {
    for (const uid of uids) {
      for (const limit of [1, 3, 50]) expect((await walk(uid, limit)).flat()).toEqual(expectedPartners(uid));
    }
    expect(await repo().conversationsPage('u7', 50)).toEqual([]);
    expect((await repo().conversationsPage('u6', 50)).length).toBeGreaterThan(0);
  });

  it('returns only the profile columns the list shows, never an email', async () => {
    const [first] = await repo().conversationsPage('u0', 1);
    expect(Object.keys(first!.user).sort()).toEqual(['firebase_uid', 'profileImageUrl', 'user_name', 'user_username']);
    expect(first!.user.user_username).toBe(first!.user.firebase_uid);
  });

  it('backfills the conversations of existing messages when the migration runs, and rolls back', async () => {
    // Undo 0006 by name, after 0008 which builds on its table (0007 leaves it alone), then run both
    // again over the 300 stored messages.
    await undo('0008_conversation_unread_counts', '0006_conversations');
    expect(await db.schema.hasTable('conversations')).toBe(false);
    await db.migrate.latest({ migrationSource });
    for (const uid of uids) expect((await walk(uid, 50)).flat()).toEqual(expectedPartners(uid));
  });

  it('pages a conversation newest first from a cursor, in both directions, oldest first within a page', async () => {
    const between = sent.filter((m) => (m.from === 'u0' && m.to === 'u1') || (m.from === 'u1' && m.to === 'u0'));
    expect(between.length).toBeGreaterThan(8);
    for (const limit of [1, 3, 50]) {
      for (const before of [undefined, between[between.length - 1]!.id, between[4]!.id, between[0]!.id]) {
        const expected = between
          .filter((m) => before === undefined || m.id < before)
          .slice(-limit)
          .map((m) => String(m.id));
        const page = await repo().page('u0', 'u1', limit, before);
        expect(page.map((m) => m._id)).toEqual(expected);
      }
    }
  });

  describe('unread counts', () => {
    const read = new Set<number>();
    async function markRead(to: string, from: string): Promise<number> {
      for (const m of sent) if (m.to === to && m.from === from) read.add(m.id);
      return repo().markRead(to, from, 1_000);
    }
    async function expectCountsMatch(): Promise<void> {
      for (const uid of uids) expect(await repo().unreadCounts(uid), uid).toEqual(expectedUnread(uid, read));
    }

    it('counts every unread message per sender, for the recipient only', async () => {
      await expectCountsMatch();
      expect(await repo().unreadCounts('u7')).toEqual([]);
      expect((await repo().unreadCounts('u6')).length).toBeGreaterThan(0);
    });

    it('zeroes one sender when marked read, leaves the others, and counts later messages again', async () => {
      const before = await repo().unreadCounts('u1');
      const [first, second] = before;
      expect(second).toBeDefined();
      expect(await markRead('u1', first!._id)).toBe(first!.count);
      expect(await repo().unreadCounts('u1')).toEqual(before.slice(1));
      // Marking again changes nothing; marking the other direction does not touch this one.
      expect(await markRead('u1', first!._id)).toBe(0);
      await markRead(first!._id, 'u1');
      expect(await repo().unreadCounts('u1')).toEqual(before.slice(1));
      const message = await repo().insert(first!._id, 'u1', 'again', 400);
      sent.push({ id: Number(message._id), from: first!._id, to: 'u1' });
      expect(await repo().unreadCounts('u1')).toContainEqual({ _id: first!._id, count: 1 });
      await expectCountsMatch();
    });

    it('keeps every count equal to the unread messages through random sends and reads', async () => {
      let state = 11;
      const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
      for (let i = 0; i < 200; i += 1) {
        const from = uids[Math.floor(random() * 7)]!;
        const to = uids[(uids.indexOf(from) + 1 + Math.floor(random() * 6)) % 7]!;
        if (random() < 0.2) await markRead(to, from);
        else sent.push({ id: Number((await repo().insert(from, to, `r${i}`, 500 + i))._id), from, to });
      }
      await expectCountsMatch();
    });

    it('backfills the counts of existing messages when migration 0008 runs', async () => {
      await undo('0008_conversation_unread_counts');
      expect(await db.schema.hasColumn('conversations', 'unread_count')).toBe(false);
      await db.migrate.latest({ migrationSource });
      await expectCountsMatch();
    });
  });
});
