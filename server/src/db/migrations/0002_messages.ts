import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('messages', (t) => {
    // An increasing integer id doubles as the pagination cursor and the order of a conversation.
    t.increments('id');
    t.string('from_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('to_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.text('content').notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('read_at').nullable();
    // A conversation's page, and "who did I write to" for the conversation list.
    t.index(['from_uid', 'to_uid', 'id'], 'messages_pair_idx');
    // Unread counts per sender: the recipient's unread rows only.
    t.index(['to_uid', 'read_at', 'from_uid'], 'messages_unread_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('messages');
}
