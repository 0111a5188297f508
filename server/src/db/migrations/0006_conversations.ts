import type { Knex } from 'knex';

/**
 * One row per (owner, other) pair that has exchanged messages, with the id of their latest
 * message, kept by the send transaction (repositories/messages.ts). The conversation list then is
 * one ordered walk of conversations_recent_idx that stops after a page, whatever the number of
 * partners; the loose index scan over messages it replaces cost ~11 ms for a user with 511
 * partners and could not be paged (bench/api-messages.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversations', (t) => {
    t.string('owner_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('other_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.integer('last_message_id').notNullable();
    t.primary(['owner_uid', 'other_uid']);
    // Most recent first, and the page cursor: a message has one partner per owner, so
    // last_message_id is unique within an owner's rows.
    t.index(['owner_uid', 'last_message_id'], 'conversations_recent_idx');
  });
  await knex.raw(BACKFILL_CONVERSATIONS_SQL);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('conversations');
}

/**
 * Both parties' rows for every pair in `messages`, in one set-based statement (one sort of the
 * message ids, no per-row work). Also run by the benchmark's seed, which writes messages directly.
 */
export const BACKFILL_CONVERSATIONS_SQL = `INSERT INTO conversations (owner_uid, other_uid, last_message_id)
  SELECT owner_uid, other_uid, MAX(id) FROM (
    SELECT from_uid AS owner_uid, to_uid AS other_uid, id FROM messages
    UNION ALL
    SELECT to_uid AS owner_uid, from_uid AS other_uid, id FROM messages
  ) AS pairs
  GROUP BY owner_uid, other_uid`;
