import type { Knex } from 'knex';

/**
 * Comments pinned to a moment of a version (issue 36 item 5). A reply points at its thread's first
 * comment; deleting a version, its project or a thread's first comment takes the replies with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('project_comments', (t) => {
    t.string('comment_id', 40).primary();
    t.string('project_id', 40).notNullable().references('projects.project_id').onDelete('CASCADE');
    t.string('file_id', 40).notNullable().references('project_files.file_id').onDelete('CASCADE');
    t.string('parent_id', 40).nullable().references('project_comments.comment_id').onDelete('CASCADE');
    // No foreign key, like project_files.uploader_uid: the author's name is looked up when shown.
    t.string('author_uid', 128).notNullable();
    t.text('body').notNullable();
    t.integer('at_ms').notNullable();
    t.integer('end_ms').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('edited_at').nullable();
    t.bigInteger('resolved_at').nullable();
    t.string('resolved_by', 128).nullable();
    t.index(['file_id', 'created_at']);
    t.index(['parent_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('project_comments');
}
