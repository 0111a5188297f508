import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.string('firebase_uid', 128).primary();
    t.string('user_email', 254).notNullable();
    t.string('user_name', 100).notNullable().defaultTo('');
    t.string('user_username', 30).notNullable();
    // Usernames are unique regardless of case: @Alice and @alice are the same handle to people.
    t.string('user_username_key', 30).notNullable().unique();
    t.string('user_location', 100).notNullable().defaultTo('');
    t.string('user_role', 16).notNullable().defaultTo('artist');
    t.string('user_artist_type', 16).notNullable().defaultTo('');
    t.text('user_experience').notNullable().defaultTo('');
    t.string('user_recording', 100).notNullable().defaultTo('');
    t.text('user_style').notNullable().defaultTo('[]');
    t.text('user_bio').notNullable().defaultTo('');
    t.string('user_instagram', 60).notNullable().defaultTo('');
    t.string('user_tiktok', 60).notNullable().defaultTo('');
    t.string('user_soundcloud', 500).notNullable().defaultTo('');
    t.string('user_tracklink', 500).notNullable().defaultTo('');
    t.string('profileImageUrl', 500).notNullable().defaultTo('');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
  });

  await knex.schema.createTable('follows', (t) => {
    t.string('follower_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('followee_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.primary(['follower_uid', 'followee_uid']);
    t.index(['followee_uid']);
  });

  // Credentials of the built-in identity provider; separate from profiles, which firebase mode shares.
  await knex.schema.createTable('local_accounts', (t) => {
    t.string('uid', 128).primary();
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 512).notNullable();
    t.string('display_name', 100).nullable();
    t.bigInteger('created_at').notNullable();
  });

  // One row per signed-in device; the refresh token is stored hashed and rotated on every use.
  await knex.schema.createTable('refresh_tokens', (t) => {
    t.string('id', 64).primary();
    t.string('uid', 128).notNullable().references('local_accounts.uid').onDelete('CASCADE');
    t.string('token_hash', 128).notNullable().unique();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.bigInteger('revoked_at').nullable();
    t.index(['uid']);
  });

  await knex.schema.createTable('login_failures', (t) => {
    t.increments('id');
    t.string('account_key', 254).notNullable();
    t.string('ip', 64).notNullable();
    t.bigInteger('at').notNullable();
    t.index(['account_key', 'at']);
    t.index(['ip', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['login_failures', 'refresh_tokens', 'local_accounts', 'follows', 'users']) {
    await knex.schema.dropTableIfExists(table);
  }
}
