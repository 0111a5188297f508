import type { Knex } from 'knex';

/**
 * The room's media tier (protocol ROOM_TIERS): 'auto' lets each guest choose SFU, then
 * peer-to-peer, then the relay; the host may force one. Existing rooms keep choosing ('auto').
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rooms', (t) => {
    t.string('tier', 8).notNullable().defaultTo('auto');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rooms', (t) => {
    t.dropColumn('tier');
  });
}
