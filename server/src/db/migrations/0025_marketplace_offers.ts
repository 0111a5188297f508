import type { Knex } from 'knex';

/**
 * The marketplace's offers and working hours (issue 35). Rates are whole cents, so an amount with
 * two decimals is stored exactly; genres and equipment are JSON arrays like users.user_style.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('offers', (t) => {
    t.increments('id');
    t.string('owner_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('kind', 24).notNullable();
    t.string('title', 120).notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('genres').notNullable().defaultTo('[]');
    t.boolean('remote').notNullable();
    t.string('city', 100).notNullable().defaultTo('');
    t.string('studio_address', 300).notNullable().defaultTo('');
    t.bigInteger('rate_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('rate_per', 8).notNullable();
    t.integer('typical_minutes').notNullable();
    t.text('equipment').notNullable().defaultTo('[]');
    t.boolean('paused').notNullable().defaultTo(false);
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.index(['owner_uid']);
    t.index(['paused', 'kind', 'rate_cents']);
  });

  // One row a person: the weekly hours and blocked days are small lists read and written whole.
  await knex.schema.createTable('availability', (t) => {
    t.string('uid', 128).primary().references('users.firebase_uid').onDelete('CASCADE');
    t.string('time_zone', 64).notNullable();
    t.text('weekly_hours').notNullable().defaultTo('[]');
    t.text('blocked_days').notNullable().defaultTo('[]');
    t.integer('buffer_minutes').notNullable().defaultTo(0);
    t.bigInteger('updated_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('availability');
  await knex.schema.dropTable('offers');
}
