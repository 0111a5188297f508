import type { Knex } from 'knex';

/**
 * Each conversation row carries how many of the other party's messages its owner has not read,
 * kept by the send and mark-read transactions (repositories/messages.ts). Unread counts then read
 * one row per partner with unread messages, through a partial index, instead of counting every
 * unread message: that count grew with the inbox (0.6 ms for 1,154 unread in bench/api-messages.ts,
 * and without bound for a neglected inbox).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.integer('unread_count').notNullable().defaultTo(0);
  });
  await knex.raw(BACKFILL_UNREAD_COUNTS_SQL);
  // Built after the backfill, so it is written once. Partial: only rows with something unread,
  // which is what the query asks for, so the index stays small and the read needs no table lookup.
  await knex.raw(
    `CREATE INDEX conversations_unread_idx ON conversations (owner_uid, other_uid, unread_count)
     WHERE unread_count > 0`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX conversations_unread_idx');
  await knex.schema.alterTable('conversations', (t) => {
    t.dropColumn('unread_count');
  });
}

/**
 * Every conversation's unread count from the messages, in one grouped pass over the unread rows
 * (UPDATE … FROM: SQLite 3.33+ and PostgreSQL). Also run by the benchmark's seed, which writes
 * messages directly.
 */
export const BACKFILL_UNREAD_COUNTS_SQL = `UPDATE conversations SET unread_count = unread.count
  FROM (
    SELECT to_uid, from_uid, COUNT(*) AS count FROM messages WHERE read_at IS NULL GROUP BY to_uid, from_uid
  ) AS unread
  WHERE conversations.owner_uid = unread.to_uid AND conversations.other_uid = unread.from_uid`;
