import type { Knex } from 'knex';

/**
 * Join requests get answers (issue 35, item 7): the host accepts or declines, and an accepted
 * requester becomes a participant of the session, which then shows on their calendar.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('join_requests', (t) => {
    t.bigInteger('answered_at').nullable();
  });
  await knex.schema.createTable('session_participants', (t) => {
    t.integer('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.string('uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('added_at').notNullable();
    t.primary(['session_id', 'uid']);
    t.index(['uid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('session_participants');
  await knex.schema.alterTable('join_requests', (t) => {
    t.dropColumn('answered_at');
  });
}
