import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.increments('id');
    t.string('host_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    // Set on a session born from an accepted booking: it shows on the requester's calendar too.
    t.string('booked_by_uid', 128).nullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.string('visibility', 16).notNullable();
    t.string('type', 16).notNullable();
    t.string('location', 200).notNullable().defaultTo('');
    t.string('genre', 100).notNullable().defaultTo('');
    t.double('price').notNullable().defaultTo(0);
    t.integer('max_participants').nullable();
    t.text('equipment').notNullable().defaultTo('[]');
    t.string('status', 16).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['host_uid', 'start_at']);
    t.index(['booked_by_uid', 'start_at']);
  });

  await knex.schema.createTable('booking_requests', (t) => {
    t.increments('id');
    t.string('requester_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('target_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.text('message').notNullable().defaultTo('');
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.string('status', 16).notNullable();
    t.integer('session_id').nullable().references('sessions.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('answered_at').nullable();
    t.index(['target_uid', 'created_at']);
    t.index(['requester_uid', 'created_at']);
  });

  await knex.schema.createTable('join_requests', (t) => {
    t.increments('id');
    t.integer('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.string('requester_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.text('message').notNullable().defaultTo('');
    t.string('status', 16).notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['session_id', 'requester_uid', 'status']);
  });

  await knex.schema.createTable('events', (t) => {
    t.increments('id');
    t.string('title', 200).notNullable();
    t.bigInteger('starts_at').notNullable();
    t.integer('duration_minutes').notNullable();
    t.bigInteger('created_at').notNullable();
    t.index(['starts_at']);
  });

  // One secret feed URL per user; only its hash is kept, like refresh tokens.
  await knex.schema.createTable('calendar_feeds', (t) => {
    t.string('uid', 128).primary().references('users.firebase_uid').onDelete('CASCADE');
    t.string('token_hash', 128).notNullable().unique();
    t.bigInteger('created_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['calendar_feeds', 'events', 'join_requests', 'booking_requests', 'sessions']) {
    await knex.schema.dropTableIfExists(table);
  }
}
