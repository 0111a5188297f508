import type { Knex } from 'knex';

/**
 * The login throttle counts failures per (account, address) pair (identity/local/login-throttle.ts),
 * and lets an address that signed in to an account recently past the account's and the address's
 * ceilings: a stranger's failures then cannot lock the owner out of their own usual address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('login_failures', (t) => {
    t.index(['account_key', 'ip', 'at']);
    // Pruning runs after every failure: a range on `at`, not a scan of a table a flood can grow.
    t.index(['at']);
  });
  await knex.schema.createTable('login_known_addresses', (t) => {
    t.string('account_key', 254).notNullable();
    t.string('ip', 64).notNullable();
    t.bigInteger('last_success_at').notNullable();
    t.primary(['account_key', 'ip']);
    t.index(['last_success_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_known_addresses');
  await knex.schema.alterTable('login_failures', (t) => {
    t.dropIndex(['account_key', 'ip', 'at']);
    t.dropIndex(['at']);
  });
}
