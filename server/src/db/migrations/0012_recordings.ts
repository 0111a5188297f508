import type { Knex } from 'knex';

/** Session recordings (issue 17): one row per recording, its tracks as JSON; who the host shared it with. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('recordings', (t) => {
    t.string('recording_id', 64).primary();
    // No foreign key to rooms: a room's row may go while its recordings stay the host's.
    t.string('room_id', 64).notNullable();
    t.string('host_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('started_at').notNullable();
    t.bigInteger('ended_at').nullable();
    t.bigInteger('duration_ms').notNullable().defaultTo(0);
    t.text('tracks').notNullable();
    t.bigInteger('size_bytes').notNullable().defaultTo(0);
    t.string('status', 16).notNullable();
    t.string('message', 500).nullable();
    t.index(['host_uid', 'started_at']);
    // Retention walks oldest first.
    t.index(['started_at']);
  });
  await knex.schema.createTable('recording_shares', (t) => {
    t.string('recording_id', 64).notNullable().references('recordings.recording_id').onDelete('CASCADE');
    t.string('firebase_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.primary(['recording_id', 'firebase_uid']);
    t.index(['firebase_uid']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('recording_shares');
  await knex.schema.dropTableIfExists('recordings');
}
