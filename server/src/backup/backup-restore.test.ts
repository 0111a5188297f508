import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config/load.js';
import { openDatabase } from '../db/connect.js';
import { loadOrCreateSigningKey } from '../identity/local/signing-key.js';
import { createBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';
import { listTar } from './tar.js';

let root: string;
let dataDir: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'riffroom-backup-'));
  dataDir = path.join(root, 'data');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** A box's data directory with one user, its signing key, and the writes still in the WAL. */
async function liveDataDir() {
  const config = loadApiConfig({}, { dataDir });
  const db = await openDatabase(config);
  await loadOrCreateSigningKey(path.join(dataDir, 'identity-signing-key.json'));
  await db('users').insert({
    firebase_uid: 'u1',
    user_name: 'Ada',
    user_username: 'ada',
    user_username_key: 'ada',
    user_email: 'ada@example.test',
    user_style: '[]',
    created_at: 1,
    updated_at: 1,
  });
  return { config, db };
}

describe('npm run backup and restore', () => {
  it('copy the open database and the signing key into an empty data dir, owner-only', async () => {
    const { config, db } = await liveDataDir();
    const archive = path.join(root, 'backup.tar');
    try {
      // Taken while the box's own connection is open, with the last write only in the WAL.
      const manifest = await createBackup(config, archive);
      expect(manifest.files.map((file) => file.role)).toEqual(['database', 'signingKey']);
      expect(manifest.migrations).toContain('0011_users_newest_first_index');
    } finally {
      await db.destroy();
    }
    expect(modeOf(archive)).toBe('600');
    // Nothing but the archive is left beside it.
    expect(readdirSync(root).sort()).toEqual(['backup.tar', 'data']);

    const restored = path.join(root, 'restored');
    restoreBackup(archive, restored);
    expect(modeOf(restored)).toBe('700');
    expect(readdirSync(restored).sort()).toEqual(['identity-signing-key.json', 'riffroom.sqlite']);
    for (const file of ['identity-signing-key.json', 'riffroom.sqlite']) {
      expect([file, modeOf(path.join(restored, file))]).toEqual([file, '600']);
    }
    expect(readFileSync(path.join(restored, 'identity-signing-key.json'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'identity-signing-key.json'), 'utf8'),
    );
    const copy = new Database(path.join(restored, 'riffroom.sqlite'), { readonly: true });
    expect(copy.prepare('SELECT user_name FROM users').all()).toEqual([{ user_name: 'Ada' }]);
    copy.close();
  });

  it('never overwrites: an existing archive name, or a data dir that is not empty, is refused', async () => {
    const { config, db } = await liveDataDir();
    await db.destroy();
    const archive = path.join(root, 'backup.tar');
    await createBackup(config, archive);
    await expect(createBackup(config, archive)).rejects.toThrow(/already exists/);

    const busy = path.join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(path.join(busy, 'notes.txt'), 'mine');
    expect(() => restoreBackup(archive, busy)).toThrow(/not empty/);
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  });

  it('refuses a damaged archive and leaves the data dir empty', async () => {
    const { config, db } = await liveDataDir();
    await db.destroy();
    const archive = path.join(root, 'backup.tar');
    await createBackup(config, archive);
    const bytes = readFileSync(archive);
    const fd = openSync(archive, 'r');
    const key = listTar(fd).find((entry) => entry.name === 'identity-signing-key.json')!;
    closeSync(fd);
    bytes[key.offset + 10] = bytes[key.offset + 10]! ^ 0xff;
    const damaged = path.join(root, 'damaged.tar');
    writeFileSync(damaged, bytes);

    const target = path.join(root, 'restored');
    expect(() => restoreBackup(damaged, target)).toThrow(/checksum/);
    expect(readdirSync(target)).toEqual([]);
    writeFileSync(path.join(root, 'other.tar'), Buffer.alloc(2048, 7));
    expect(() => restoreBackup(path.join(root, 'other.tar'), target)).toThrow(/not a backup/);
  });
});
