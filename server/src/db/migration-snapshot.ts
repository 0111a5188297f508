import { closeSync, openSync, readdirSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { ApiConfig } from '../config/schema.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files.js';
import { migrationSource } from './migrations/index.js';

/** Snapshots are named pre-<first pending migration>-<UTC time>.sqlite; the time sorts as text. */
const SNAPSHOT_NAME = /^pre-.+-\d{8}T\d{9}Z\.sqlite$/;

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

/** Which migrations the database has applied, and which the code would apply next, in order. */
export async function migrationStatus(db: Knex): Promise<MigrationStatus> {
  const [completed, pending] = (await db.migrate.list({ migrationSource })) as [{ name: string }[], string[]];
  return {
    applied: completed.map((migration) => migration.name),
    pending: pending.map((migration) => migrationSource.getMigrationName(migration)),
  };
}

const timestamp = (at: Date) => at.toISOString().replace(/[-:.]/g, '');

/**
 * Copies a SQLite database to `file` as one consistent snapshot: `vacuumInto` runs `VACUUM INTO
 * file` on a connection to it, which reads the database inside one read transaction, so writers
 * (this process's or another's) carry on under WAL and the copy holds exactly the commits made
 * before it began. The file is created owner-only first (VACUUM INTO accepts an empty file), as
 * everything in DATA_DIR (private-files.ts).
 */
export async function copySqliteTo(file: string, vacuumInto: (file: string) => unknown): Promise<void> {
  closeSync(openSync(file, 'wx', PRIVATE_FILE_MODE));
  try {
    await vacuumInto(file);
  } catch (error) {
    unlinkSync(file);
    throw error;
  }
}

/**
 * Before pending migrations run, copies the database to DATA_DIR/backups and keeps only the newest
 * `migrationSnapshotsKept`. A new database (nothing applied yet) has nothing to keep. Returns the
 * snapshot's path, or null when none was taken.
 */
export async function snapshotBeforeMigrations(db: Knex, config: ApiConfig, now = new Date()): Promise<string | null> {
  if (config.migrationSnapshotsKept === 0) return null;
  const { applied, pending } = await migrationStatus(db);
  if (applied.length === 0 || pending.length === 0) return null;
  const dir = path.join(config.dataDir, 'backups');
  ensurePrivateDir(dir);
  const file = path.join(dir, `pre-${pending[0]}-${timestamp(now)}.sqlite`);
  await copySqliteTo(file, (into) => db.raw('VACUUM INTO ?', [into]));
  pruneSnapshots(dir, config.migrationSnapshotsKept);
  return file;
}

function pruneSnapshots(dir: string, keep: number): void {
  const byAge = readdirSync(dir)
    .filter((name) => SNAPSHOT_NAME.test(name))
    .sort((a, b) => a.slice(a.lastIndexOf('-') + 1).localeCompare(b.slice(b.lastIndexOf('-') + 1)));
  for (const name of byAge.slice(0, Math.max(0, byAge.length - keep))) unlinkSync(path.join(dir, name));
}
