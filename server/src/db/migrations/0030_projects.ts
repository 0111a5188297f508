import type { Knex } from 'knex';

/**
 * Projects (issue 36): a project, its members, its tracks and their versions (one uploaded file
 * each), and the uploads under way, which count against their uploader's quota until they finish.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projects', (t) => {
    t.string('project_id', 40).primary();
    t.string('name', 120).notNullable();
    t.string('owner_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('created_at').notNullable();
    t.index(['owner_uid']);
  });
  await knex.schema.createTable('project_members', (t) => {
    t.string('project_id', 40).notNullable().references('projects.project_id').onDelete('CASCADE');
    t.string('firebase_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('added_at').notNullable();
    t.primary(['project_id', 'firebase_uid']);
    t.index(['firebase_uid']);
  });
  await knex.schema.createTable('project_tracks', (t) => {
    t.string('track_id', 40).primary();
    t.string('project_id', 40).notNullable().references('projects.project_id').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['project_id']);
  });
  await knex.schema.createTable('project_files', (t) => {
    t.string('file_id', 40).primary();
    t.string('project_id', 40).notNullable().references('projects.project_id').onDelete('CASCADE');
    t.string('track_id', 40).notNullable().references('project_tracks.track_id').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.string('name', 200).notNullable();
    // No foreign key: the person's quota is counted from here; their account going takes the project with it.
    t.string('uploader_uid', 128).notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.string('sha256', 64).notNullable();
    t.bigInteger('created_at').notNullable();
    t.string('state', 16).notNullable();
    t.string('message', 500).nullable();
    t.text('audio').notNullable();
    t.float('loudness_lufs').nullable();
    t.float('true_peak_dbtp').nullable();
    t.unique(['track_id', 'version']);
    t.index(['project_id']);
    t.index(['uploader_uid']);
  });
  await knex.schema.createTable('project_uploads', (t) => {
    t.string('upload_id', 64).primary();
    t.string('project_id', 40).notNullable().references('projects.project_id').onDelete('CASCADE');
    t.string('uploader_uid', 128).notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['uploader_uid']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('project_uploads');
  await knex.schema.dropTableIfExists('project_files');
  await knex.schema.dropTableIfExists('project_tracks');
  await knex.schema.dropTableIfExists('project_members');
  await knex.schema.dropTableIfExists('projects');
}
