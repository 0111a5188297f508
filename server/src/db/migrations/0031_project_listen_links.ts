import type { Knex } from 'knex';

/**
 * Listen links (issue 36): a project's owner lets a client without an account listen and comment.
 * Only the token's SHA-256 is kept, so a copy of the database opens no project.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_listen_links', (t) => {
    t.string('link_id', 40).primary();
    t.string('project_id', 40).notNullable().references('projects.project_id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.string('label', 120).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable();
    t.index(['project_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('project_listen_links');
}
