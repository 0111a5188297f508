import type { Knex } from 'knex';

/**
 * The notification centre (issue 35): one row per thing a person was told, and their per-kind
 * email choices. The bell reads a person's newest rows and counts their unread ones, so both have
 * an index of their own; the unread one is partial, so it holds only what is still unread.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.increments('id');
    t.string('user_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('kind', 64).notNullable();
    t.string('title', 200).notNullable();
    t.string('link', 500).notNullable();
    t.text('data').notNullable().defaultTo('{}');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('read_at').nullable();
    t.index(['user_uid', 'id'], 'notifications_newest_idx');
  });
  await knex.raw('CREATE INDEX notifications_unread_idx ON notifications (user_uid) WHERE read_at IS NULL');

  await knex.schema.createTable('email_preferences', (t) => {
    t.string('user_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('kind', 64).notNullable();
    t.boolean('email').notNullable();
    t.primary(['user_uid', 'kind']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_preferences');
  await knex.schema.dropTableIfExists('notifications');
}
