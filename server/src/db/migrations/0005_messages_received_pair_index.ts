import type { Knex } from 'knex';

/**
 * The conversation list needs, for each person who wrote to the caller, their latest message.
 * 0002's indexes answer that only for people the caller wrote to (messages_pair_idx); the other
 * direction had to walk every message the caller ever received (messages_unread_idx is ordered by
 * read state first). This index is the mirror of messages_pair_idx, so both directions are seeks.
 * Measured in bench/api-messages.ts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.index(['to_uid', 'from_uid', 'id'], 'messages_received_pair_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('messages', (t) => {
    t.dropIndex(['to_uid', 'from_uid', 'id'], 'messages_received_pair_idx');
  });
}
