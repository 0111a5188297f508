import { describe, expect, it } from 'vitest';
import type { UnreadCount } from '@riffroom/protocol';
import { migrationSource } from '../../server/src/db/migrations/index.js';
import { withTransaction } from '../../server/src/db/transaction.js';
import { messagesRepository } from '../../server/src/repositories/messages.js';
import { usePostgresDatabase } from '../support/postgres-database.js';
import { until } from '../support/until.js';

// The scaled setup's database (ARCHITECTURE.md "Topology"): every migration and the messages repository on a
// real PostgreSQL 15, where, unlike SQLite, writers run at once (knex's pool of 10 connections).
const uids = ['pa', 'pb', 'pc', 'pd'];
const pg = usePostgresDatabase('messages', uids);
const repo = () => messagesRepository(pg.db);

/** What the messages themselves say is unread for `uid`, per sender, by sender uid. */
async function unreadInMessages(uid: string): Promise<UnreadCount[]> {
  const rows = (await pg
    .db('messages')
    .select('from_uid')
    .count({ count: '*' })
    .where('to_uid', uid)
    .whereNull('read_at')
    .groupBy('from_uid')
    .orderBy('from_uid')) as { from_uid: string; count: string }[];
  return rows.map((row) => ({ _id: row.from_uid, count: Number(row.count) }));
}

describe('messages on PostgreSQL', () => {
  it('runs every migration, then stores, pages and lists conversations as on SQLite', async () => {
    const [first] = await repo().conversationsPage('pa', 10);
    expect(first).toBeUndefined();
    const sent = [];
    for (const [from, to] of [
      ['pa', 'pb'],
      ['pb', 'pa'],
      ['pc', 'pa'],
      ['pa', 'pb'],
    ] as const) {
      sent.push(await repo().insert(from, to, `${from} to ${to}`, Date.now()));
    }
    const list = await repo().conversationsPage('pa', 10);
    expect(list.map((row) => row.user.firebase_uid)).toEqual(['pb', 'pc']);
    const page = await repo().page('pa', 'pb', 2);
    expect(page.map((m) => m._id)).toEqual([sent[1]!._id, sent[3]!._id]);
    expect(await repo().unreadCounts('pa')).toEqual([
      { _id: 'pb', count: 1 },
      { _id: 'pc', count: 1 },
    ]);
  });

  it('keeps unread counts equal to the unread messages while sends and mark-reads of a pair race', async () => {
    // A mark-read that zeroed the count after a concurrent send counted its message, but marked
    // the messages before that send committed, would leave an unread message counted as read.
    for (let round = 0; round < 25; round += 1) {
      await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => repo().insert('pa', 'pb', `race ${round}.${i}`, Date.now())),
        repo().markRead('pb', 'pa', Date.now()),
        ...Array.from({ length: 3 }, (_, i) => repo().insert('pc', 'pb', `race ${round}.${i}`, Date.now())),
        repo().markRead('pb', 'pc', Date.now()),
      ]);
    }
    for (const uid of uids) expect(await repo().unreadCounts(uid), uid).toEqual(await unreadInMessages(uid));
    expect((await repo().unreadCounts('pb')).length).toBeGreaterThan(0);
  });

  it('counts a send that commits while a mark-read of its pair is between its statements', async () => {
    // The window the race test above hits only now and then, held open on purpose: statement
    // triggers on conversations sleep before the send's upsert (1 s) and before a plain UPDATE
    // (2 s), so the send commits while a mark-read that updated the count is still in that
    // statement, and the mark-read's UPDATE of messages, a later statement, sees the sent message.
    await repo().insert('pd', 'pc', 'first', Date.now());
    await repo().markRead('pc', 'pd', Date.now());
    await pg.db.raw(`CREATE FUNCTION test_widen_window() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' AND current_query() ILIKE 'insert%' THEN PERFORM pg_sleep(1); END IF;
        IF TG_OP = 'UPDATE' AND current_query() ILIKE 'update%' THEN PERFORM pg_sleep(2); END IF;
        RETURN NULL;
      END $$`);
    await pg.db.raw(`CREATE TRIGGER test_widen_window BEFORE INSERT OR UPDATE ON conversations
      FOR EACH STATEMENT EXECUTE FUNCTION test_widen_window()`);
    try {
      const send = repo().insert('pd', 'pc', 'second', Date.now());
      await until(
        async () => {
          const { rows } = await pg.db.raw(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'`);
          return rows.length > 0;
        },
        { what: 'the send waiting before its upsert' },
      );
      await Promise.all([send, repo().markRead('pc', 'pd', Date.now())]);
    } finally {
      await pg.db.raw('DROP TRIGGER test_widen_window ON conversations');
      await pg.db.raw('DROP FUNCTION test_widen_window()');
    }
    expect(await repo().unreadCounts('pc')).toEqual(await unreadInMessages('pc'));
  });

  it('undoes a whole transaction when its work fails, and hands the connection back outside it', async () => {
    const count = async () => Number((await pg.db('messages').count({ n: '*' }))[0]!.n);
    const before = await count();
    await expect(
      withTransaction(pg.db, async (tx) => {
        await tx.table('messages').insert({ from_uid: 'pa', to_uid: 'pd', content: 'undone', created_at: 1 });
        await tx.raw('SELECT 1 / 0', []);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await count()).toBe(before);
    // Every pooled connection is usable again: twelve sends at once, more than the pool's ten.
    await Promise.all(Array.from({ length: 12 }, (_, i) => repo().insert('pa', 'pd', `after ${i}`, Date.now())));
    expect(await count()).toBe(before + 12);
  });

  it('backfills the counts when migration 0008 runs over stored messages', async () => {
    await repo().markRead('pb', 'pc', Date.now());
    const before = await repo().unreadCounts('pb');
    await pg.db.migrate.down({ migrationSource, name: '0008_conversation_unread_counts' });
    expect(await pg.db.schema.hasColumn('conversations', 'unread_count')).toBe(false);
    await pg.db.migrate.latest({ migrationSource });
    expect(await repo().unreadCounts('pb')).toEqual(before);
    for (const uid of uids) expect(await repo().unreadCounts(uid), uid).toEqual(await unreadInMessages(uid));
  });
});
