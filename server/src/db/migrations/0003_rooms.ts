import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rooms', (t) => {
    t.string('room_id', 64).primary();
    t.string('name', 100).notNullable();
    t.string('host_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.boolean('is_public').notNullable();
    t.integer('max_participants').notNullable();
    t.boolean('allow_guest_access').notNullable();
    t.string('base_url', 500).nullable();
    t.string('host_peer_id', 128).nullable();
    t.bigInteger('created_at').notNullable();
    // An ended room keeps its row (its id is never reused) but answers 404 from then on.
    t.bigInteger('ended_at').nullable();
    t.index(['host_uid']);
  });

  // Signed-in members who joined through the API; anonymous guests exist only on sockets.
  await knex.schema.createTable('room_participants', (t) => {
    t.string('room_id', 64).notNullable().references('rooms.room_id').onDelete('CASCADE');
    t.string('firebase_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('role', 16).notNullable();
    t.bigInteger('joined_at').notNullable();
    t.bigInteger('left_at').nullable();
    t.primary(['room_id', 'firebase_uid']);
    t.index(['room_id', 'left_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('room_participants');
  await knex.schema.dropTableIfExists('rooms');
}
