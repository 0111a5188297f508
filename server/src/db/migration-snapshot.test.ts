import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { connectDatabase, openDatabase } from './connect.js';
import { migrationStatus } from './migration-snapshot.js';
import { migrationSource } from './migrations/index.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'riffroom-snapshot-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** A database as an older version left it: its first nine migrations, and one user. */
async function olderDatabase(env: Record<string, string> = {}): Promise<void> {
  const config = loadApiConfig(env, { dataDir });
  const db = connectDatabase(config);
  const all = await migrationSource.getMigrations([]);
  const older: Knex.MigrationSource<string> = { ...migrationSource, getMigrations: async () => all.slice(0, 9) };
  await db.migrate.latest({ migrationSource: older });
  await db('users').insert({
    firebase_uid: 'u1',
    user_name: 'Old',
    user_username: 'old',
    user_username_key: 'old',
    user_email: 'o@example.test',
    user_style: '[]',
    created_at: 1,
    updated_at: 1,
  });
  await db.destroy();
}

const snapshots = () => readdirSync(path.join(dataDir, 'backups')).sort();

describe('upgrading a SQLite database', () => {
  it('copies it to DATA_DIR/backups before the pending migrations run, named after the first of them', async () => {
    await olderDatabase();
    const status = connectDatabase(loadApiConfig({}, { dataDir }));
    const before = await migrationStatus(status);
    await status.destroy();
    expect(before.pending).toEqual([
      '0010_one_pending_booking',
      '0011_users_newest_first_index',
      '0012_recordings',
      '0013_room_removals_and_host_grace',
      '0014_recording_nodes',
      '0017_refresh_token_grace',
      '0020_notifications',
      '0021_jobs_and_email_links',
      '0025_marketplace_offers',
      '0026_marketplace_search',
      '0027_marketplace_bookings',
      '0028_marketplace_reviews',
      '0030_projects',
      '0031_project_listen_links',
      '0040_booking_rooms_and_reminders',
      '0045_session_participants',
      '0050_project_comments',
      '0051_profile_pictures',
      '0052_profile_showcase',
    ]);
    expect(before.applied).toHaveLength(9);

    const db = await openDatabase(loadApiConfig({}, { dataDir }));
    expect((await migrationStatus(db)).pending).toEqual([]);
    await db.destroy();

    const [snapshot, ...others] = snapshots();
    expect(others).toEqual([]);
    expect(snapshot).toMatch(/^pre-0010_one_pending_booking-\d{8}T\d{9}Z\.sqlite$/);
    const file = path.join(dataDir, 'backups', snapshot!);
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(path.join(dataDir, 'backups')).mode & 0o777).toString(8)).toBe('700');
    // The copy is the database as it was: the old schema, with its data.
    const copy = new Database(file, { readonly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM knex_migrations').get()).toEqual({ n: 9 });
    expect(copy.prepare('SELECT user_name FROM users').all()).toEqual([{ user_name: 'Old' }]);
    copy.close();
  });

  it('keeps only the newest MIGRATION_SNAPSHOTS_KEEP snapshots', async () => {
    await olderDatabase();
    const dir = path.join(dataDir, 'backups');
    mkdirSync(dir, { mode: 0o700 });
    const old = ['20240101T000000000Z', '20250101T000000000Z', '20250601T000000000Z'];
    for (const time of old) writeFileSync(path.join(dir, `pre-0009_x-${time}.sqlite`), '');
    writeFileSync(path.join(dir, 'my-own-copy.sqlite'), '');

    const db = await openDatabase(loadApiConfig({ MIGRATION_SNAPSHOTS_KEEP: '2' }, { dataDir }));
    await db.destroy();
    const left = snapshots();
    expect(left).toHaveLength(3);
    expect(left).toContain('my-own-copy.sqlite');
    expect(left).toContain('pre-0009_x-20250601T000000000Z.sqlite');
    expect(left.filter((name) => name.startsWith('pre-0010_one_pending_booking-'))).toHaveLength(1);
  });

  it('takes none for a new database, nor with nothing pending, nor with MIGRATION_SNAPSHOTS_KEEP=0', async () => {
    const fresh = await openDatabase(loadApiConfig({}, { dataDir }));
    await fresh.destroy();
    const again = await openDatabase(loadApiConfig({}, { dataDir }));
    await again.destroy();
    expect(readdirSync(dataDir)).not.toContain('backups');

    rmSync(dataDir, { recursive: true, force: true });
    await olderDatabase();
    const off = await openDatabase(loadApiConfig({ MIGRATION_SNAPSHOTS_KEEP: '0' }, { dataDir }));
    await off.destroy();
    expect(readdirSync(dataDir)).not.toContain('backups');
  });
});

describe('SQLITE_SYNCHRONOUS', () => {
  it('is FULL unless set to NORMAL', async () => {
    const read = async (env: Record<string, string>) => {
      const db = connectDatabase(loadApiConfig(env, { dataDir }));
      const [row] = (await db.raw('PRAGMA synchronous')) as { synchronous: number }[];
      await db.destroy();
      return row!.synchronous;
    };
    expect(await read({})).toBe(2); // FULL
    expect(await read({ SQLITE_SYNCHRONOUS: 'normal' })).toBe(1);
    expect(() => loadApiConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/sqliteSynchronous/);
  });
});
