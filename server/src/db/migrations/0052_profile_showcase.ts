import type { Knex } from 'knex';

/** Showcase tracks (issue 36 item 7): which of a person's own uploaded versions their profile plays, in order. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_showcase', (t) => {
    t.string('firebase_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    // Deleting the version (or its project) takes it off the profile.
    t.string('file_id', 40).notNullable().references('project_files.file_id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.primary(['firebase_uid', 'file_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('profile_showcase');
}
