import type { Knex } from 'knex';

/**
 * What a media node used to keep in memory about a room, kept with the room so the API and every
 * node see one record, and a node's restart loses none of it:
 * - room_removals: the people the host removed (a uid, or a guest's server-signed guest id); the
 *   REST join and every node's join-room refuse them.
 * - rooms.host_grace_id / host_grace_ends_at: the host's grace period (ROOM_HOST_GRACE_S) while
 *   it runs; a node that starts resumes it, and only the grace it names can end the room.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('room_removals', (t) => {
    t.string('room_id', 64).notNullable().references('rooms.room_id').onDelete('CASCADE');
    t.string('person_key', 128).notNullable();
    t.bigInteger('removed_at').notNullable();
    t.primary(['room_id', 'person_key']);
  });
  await knex.schema.alterTable('rooms', (t) => {
    t.string('host_grace_id', 64).nullable();
    t.bigInteger('host_grace_ends_at').nullable();
  });
  // A starting node asks for the graces still running: few rows ever have one.
  await knex.schema.alterTable('rooms', (t) => {
    t.index(['host_grace_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rooms', (t) => {
    t.dropIndex(['host_grace_id']);
  });
  await knex.schema.alterTable('rooms', (t) => {
    t.dropColumn('host_grace_ends_at');
    t.dropColumn('host_grace_id');
  });
  await knex.schema.dropTableIfExists('room_removals');
}
