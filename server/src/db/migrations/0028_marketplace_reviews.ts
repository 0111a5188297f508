import type { Knex } from 'knex';

/**
 * Reviews of finished confirmed bookings (issue 35): one by each party a booking, and one public
 * reply by the person reviewed. The average and count live in market_people, which search reads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reviews', (t) => {
    t.increments('id');
    t.integer('booking_id').notNullable().references('market_bookings.id').onDelete('CASCADE');
    t.string('author_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.string('subject_uid', 128).notNullable().references('users.firebase_uid').onDelete('CASCADE');
    t.integer('rating').notNullable();
    t.text('text').notNullable();
    t.text('reply').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('updated_at').notNullable();
    t.unique(['booking_id', 'author_uid']);
    t.index(['subject_uid', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reviews');
}
