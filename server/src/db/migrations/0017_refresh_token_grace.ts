import type { Knex } from 'knex';

/**
 * A refresh session remembers its last rotation (issue 34 item 11): the hash of the token it
 * replaced, when, and the new token sealed with a key only that old token gives. Presenting the old
 * token again within the grace answers the same new token instead of ending the session.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.string('previous_token_hash', 128).nullable();
    t.bigInteger('rotated_at').nullable();
    t.string('next_token_sealed', 256).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.dropColumn('previous_token_hash');
    t.dropColumn('rotated_at');
    t.dropColumn('next_token_sealed');
  });
}
