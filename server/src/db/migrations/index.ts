import type { Knex } from 'knex';
import * as m0001 from './0001_users_and_identity.js';
import * as m0002 from './0002_messages.js';
import * as m0003 from './0003_rooms.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Listed in code, not scanned from disk, so they run the same under tsx, a bundle or tests. */
const migrations: Record<string, Migration> = {
  '0001_users_and_identity': m0001,
  '0002_messages': m0002,
  '0003_rooms': m0003,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
