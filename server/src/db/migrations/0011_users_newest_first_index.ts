import type { Knex } from 'knex';

/** The open user list pages newest first (GET /user/users): each page is a short index range. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.index(['created_at', 'firebase_uid'], 'users_newest_first_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['created_at', 'firebase_uid'], 'users_newest_first_idx');
  });
}
