import type { Knex } from 'knex';

/**
 * Bookings made from offers (issue 35). The offer's kind, title and rate are copied in at request
 * time: what was agreed stays as it was when the offer changes or goes. A confirmed booking points
 * at its session, which puts it on both calendars and into the provider's busy time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('market_bookings', (t) => {
    t.increments('id');
    t.integer('offer_id').nullable().references('offers.id').onDelete('SET NULL');
    t.string('offer_kind', 24).notNullable();
    t.string('offer_title', 120).notNullable();
    t.bigInteger('rate_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('rate_per', 8).notNullable();
    t.string('requester_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('provider_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.bigInteger('start_at').notNullable();
    t.bigInteger('end_at').notNullable();
    t.text('message').notNullable().defaultTo('');
    t.string('status', 16).notNullable();
    t.bigInteger('proposed_start_at').nullable();
    t.bigInteger('proposed_end_at').nullable();
    t.text('reason').notNullable().defaultTo('');
    t.integer('session_id').nullable().references('sessions.id').onDelete('SET NULL');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['provider_uid', 'status', 'start_at']);
    t.index(['requester_uid', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('market_bookings');
}
