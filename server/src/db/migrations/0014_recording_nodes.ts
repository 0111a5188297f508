import type { Knex } from 'knex';

/**
 * Which media node runs a recording (its NODE_ID): a node that starts again after a crash runs
 * none, so it marks its own rows still 'recording' as interrupted, and no other node's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (t) => {
    t.string('node_id', 64).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('recordings', (t) => {
    t.dropColumn('node_id');
  });
}
