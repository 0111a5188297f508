import { accessSync, constants, existsSync, statfsSync } from 'node:fs';
import path from 'node:path';
import knexFactory from 'knex';
import type { ApiConfig } from '@riffroom/server';
import { fail, ok, warn, type CheckResult } from './check.js';

/**
 * The database takes a write: SQLite's write lock (BEGIN IMMEDIATE, rolled back) or a PostgreSQL
 * transaction that creates a temporary table. Nothing is changed either way.
 */
export async function checkDatabase(api: ApiConfig): Promise<CheckResult> {
  const name = 'database';
  if (api.database.client === 'sqlite') {
    const file = api.database.filename ?? path.join(api.dataDir, 'riffroom.sqlite');
    if (!existsSync(file)) {
      const dir = nearestExisting(path.dirname(path.resolve(file)));
      try {
        accessSync(dir, constants.W_OK);
        return ok(name, `${file} does not exist yet; the box creates it (${dir} is writable).`);
      } catch {
        return fail(
          name,
          `${file} cannot be created: ${dir} is not writable.`,
          `give the box's user write access to ${dir}, or set DATA_DIR.`,
        );
      }
    }
    const db = knexFactory({ client: 'better-sqlite3', connection: { filename: file }, useNullAsDefault: true });
    try {
      await db.raw('PRAGMA busy_timeout = 5000');
      await db.raw('BEGIN IMMEDIATE');
      await db.raw('ROLLBACK');
      return ok(name, `SQLite ${file} is writable.`);
    } catch (error) {
      return fail(
        name,
        `SQLite ${file} takes no write: ${(error as Error).message}.`,
        `check the file's owner and permissions, and the disk.`,
      );
    } finally {
      await db.destroy();
    }
  }
  // One connection, so the three statements below share one session and one transaction.
  const db = knexFactory({ client: 'pg', connection: api.database.connection, pool: { min: 0, max: 1 } });
  try {
    await db.raw('BEGIN');
    await db.raw('CREATE TEMP TABLE riffroom_doctor_probe (x int)');
    await db.raw('ROLLBACK');
    return ok(name, 'PostgreSQL (DATABASE_URL) takes writes.');
  } catch (error) {
    return fail(
      name,
      `PostgreSQL (DATABASE_URL) takes no write: ${(error as Error).message}.`,
      'check DATABASE_URL, that the server runs, and that it is not a read-only replica.',
    );
  } finally {
    await db.destroy();
  }
}

const LOW_DISK_BYTES = 1024 ** 3;
const CRITICAL_DISK_BYTES = 200 * 1024 ** 2;

export function checkDisk(api: ApiConfig): CheckResult {
  const name = 'free disk space';
  const dir = nearestExisting(path.resolve(api.dataDir));
  const stats = statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  const detail = `${(free / 1024 ** 3).toFixed(1)} GiB free where ${dir} lives.`;
  if (free < CRITICAL_DISK_BYTES)
    return fail(name, detail, 'free space now: the database stops taking writes when the disk is full.');
  if (free < LOW_DISK_BYTES) return warn(name, detail, 'free some space or move DATA_DIR to a larger disk.');
  return ok(name, detail);
}

function nearestExisting(dir: string): string {
  let current = dir;
  while (!existsSync(current) && path.dirname(current) !== current) current = path.dirname(current);
  return current;
}
