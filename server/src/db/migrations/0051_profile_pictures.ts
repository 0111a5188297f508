import type { Knex } from 'knex';

/**
 * Profile pictures (issue 36 item 7): which picture a person shows (stored re-encoded under
 * FILES_DIR/pictures), and picture uploads under way, which tus resumes like project uploads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profile_pictures', (t) => {
    t.string('firebase_uid', 128).primary().references('users.firebase_uid').onDelete('CASCADE');
    t.string('picture_id', 40).notNullable();
    t.bigInteger('updated_at').notNullable();
  });
  await knex.schema.createTable('profile_picture_uploads', (t) => {
    t.string('upload_id', 64).primary();
    t.string('uploader_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('size_bytes').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['uploader_uid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('profile_picture_uploads');
  await knex.schema.dropTableIfExists('profile_pictures');
}
