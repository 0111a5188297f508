import path from 'node:path';
import type { Database } from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import type { ApiConfig } from '../config/schema.js';
import { FOREGROUND_AUTOCHECKPOINT_PAGES } from './background-checkpoint.js';
import { migrationSource } from './migrations/index.js';
import { ensurePrivateDir, preparePrivateSqliteFile } from '../private-files.js';
import { cachePreparedStatements } from './statement-cache.js';
import { snapshotBeforeMigrations } from './migration-snapshot.js';

export type Db = Knex;

/**
 * Opens the configured database and brings its schema up to date (forward-only migrations). A
 * SQLite database with pending migrations is first copied to DATA_DIR/backups, so an upgrade can be
 * rolled back (docs/operations.md "Upgrades").
 */
export async function openDatabase(config: ApiConfig): Promise<Db> {
  const db = connectDatabase(config);
  try {
    if (config.database.client === 'sqlite') await snapshotBeforeMigrations(db, config);
    await db.migrate.latest({ migrationSource });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Opens the configured database as it is, without migrating it (`npm run migrate -- --status`). */
export function connectDatabase(config: ApiConfig): Db {
  return config.database.client === 'sqlite' ? openSqlite(config) : openPostgres(config.database.connection);
}

/** The SQLite file the configuration names, or the default one in the data directory. */
export function sqliteFilename(config: ApiConfig): string {
  return config.database.client === 'sqlite' && config.database.filename
    ? config.database.filename
    : path.join(config.dataDir, 'riffroom.sqlite');
}

function openSqlite(config: ApiConfig): Db {
  const filename = sqliteFilename(config);
  ensurePrivateDir(path.dirname(path.resolve(filename)));
  preparePrivateSqliteFile(filename);
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      // One connection: better-sqlite3 is synchronous, so more connections only add lock contention.
      min: 1,
      max: 1,
      afterCreate(conn: Database, done: (err: Error | null, conn: unknown) => void) {
        // WAL lets readers proceed while a write is in progress. FULL syncs the WAL at each commit,
        // so an answered write survives a power cut too (config/schema.ts, sqliteSynchronous).
        conn.pragma('journal_mode = WAL');
        conn.pragma(`synchronous = ${config.sqliteSynchronous}`);
        conn.pragma('foreign_keys = ON');
        conn.pragma('busy_timeout = 5000');
        // Checkpoints run on their own thread (background-checkpoint.ts); this is the fallback.
        conn.pragma(`wal_autocheckpoint = ${FOREGROUND_AUTOCHECKPOINT_PAGES}`);
        cachePreparedStatements(conn);
        done(null, conn);
      },
    },
  });
}

function openPostgres(connection: string): Db {
  return knexFactory({ client: 'pg', connection, pool: { min: 0, max: 10 } });
}
