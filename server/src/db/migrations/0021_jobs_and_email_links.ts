import type { Knex } from 'knex';

/**
 * Work that must run once however many API processes there are (design.md §9): mail now, reminders
 * and retention later. A worker claims a due row by setting its lease; another process skips a row
 * whose lease has not run out, and takes it over if its worker died. `user_uid` lets the mail limit
 * count a person's mails of the last hour.
 *
 * email_links: the single-use answer links of booking emails, stored hashed (the mail holds the
 * only copy of the token).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.increments('id');
    t.string('kind', 64).notNullable();
    t.text('payload').notNullable();
    t.string('user_uid', 128).nullable();
    t.bigInteger('run_at').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.string('lease_owner', 64).nullable();
    t.bigInteger('lease_until').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('done_at').nullable();
    t.bigInteger('failed_at').nullable();
    t.string('last_error', 500).nullable();
  });
  // The claim reads only what is still to do, in due order.
  await knex.raw('CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL AND failed_at IS NULL');
  await knex.raw('CREATE INDEX jobs_user_idx ON jobs (user_uid, kind, created_at) WHERE user_uid IS NOT NULL');

  await knex.schema.createTable('email_links', (t) => {
    t.string('token_hash', 64).primary();
    t.string('user_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('purpose', 32).notNullable();
    t.integer('subject_id').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('used_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_links');
  await knex.schema.dropTableIfExists('jobs');
}
