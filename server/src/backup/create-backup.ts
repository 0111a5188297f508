import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BACKUP_FILES, BACKUP_RECORDING_ROLE, type BackupFileRole, type BackupManifest } from '@riffroom/protocol';
import type { ApiConfig } from '../config/schema.js';
import { sqliteFilename } from '../db/connect.js';
import { copySqliteTo } from '../db/migration-snapshot.js';
import { sha256OfFile } from './file-hash.js';
import { planRecordingsCopy, type RecordingsCopy } from './recordings-copy.js';
import { TarWriter } from './tar.js';

export const MANIFEST_NAME = 'manifest.json';

/** The signing key file the configuration names, or the default one (as api.ts reads it). */
export function signingKeyFile(config: ApiConfig): string | null {
  if (config.identity.provider !== 'local') return null;
  return config.identity.signingKeyFile ?? path.join(config.dataDir, BACKUP_FILES.signingKey);
}

/** A consistent copy of the live SQLite database in `file`, and the migrations it has applied. */
async function copyDatabase(config: ApiConfig, file: string): Promise<string[]> {
  const source = new Database(sqliteFilename(config), { fileMustExist: true });
  try {
    // The box may be writing: wait for its write lock instead of failing at once.
    source.pragma('busy_timeout = 10000');
    await copySqliteTo(file, (into) => source.prepare('VACUUM INTO ?').run(into));
  } finally {
    source.close();
  }
  const copy = new Database(file, { readonly: true });
  try {
    return (copy.prepare('SELECT name FROM knex_migrations ORDER BY id').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    copy.close();
  }
}

/**
 * `npm run backup -- --out FILE`: while the box serves, writes one tar archive holding
 * manifest.json, a consistent copy of the SQLite database, the token signing key (without it no
 * issued token verifies after a restore) and, unless `withRecordings` is false, the files of every
 * finished recording the copy lists (recordings-copy.ts: rows and files agree; one still being
 * recorded is left out, and a note says so). The archive appears under its name only once whole.
 * Returns the manifest and what it holds of the recordings.
 */
export async function createBackup(
  config: ApiConfig,
  out: string,
  { withRecordings = true }: { withRecordings?: boolean } = {},
): Promise<BackupManifest & { recordingsCopy: RecordingsCopy | null }> {
  if (existsSync(out)) throw new Error(`${out} already exists; choose a new file name`);
  const work = mkdtempSync(path.join(path.dirname(path.resolve(out)), '.riffroom-backup-'));
  const partial = path.join(work, 'archive.tar');
  try {
    const sources: { role: keyof typeof BACKUP_FILES; file: string }[] = [];
    const notes: string[] = [];
    let migrations: string[] | null = null;
    let recordingsCopy: RecordingsCopy | null = null;
    if (config.database.client === 'sqlite') {
      const copy = path.join(work, BACKUP_FILES.database);
      migrations = await copyDatabase(config, copy);
      recordingsCopy = planRecordingsCopy(copy, path.join(config.dataDir, 'recordings'), withRecordings);
      sources.push({ role: 'database', file: copy });
    } else {
      notes.push(
        'The database is on PostgreSQL and is not in this archive: copy it with pg_dump, and DATA_DIR/recordings with it.',
      );
    }
    const key = signingKeyFile(config);
    if (key && existsSync(key)) sources.push({ role: 'signingKey', file: key });
    else notes.push(key ? `No signing key at ${key} yet.` : 'Firebase identity: there is no local signing key.');
    notes.push(...(recordingsCopy?.notes ?? []));

    // The key is small and read once; the database (a copy) and the recordings (finished, never
    // rewritten) are hashed here and streamed into the archive below.
    const files: { role: BackupFileRole; file: string; contents: Buffer | null; name: string }[] = sources.map(
      ({ role, file }) => ({
        role,
        file,
        contents: role === 'signingKey' ? readFileSync(file) : null,
        name: BACKUP_FILES[role as keyof typeof BACKUP_FILES],
      }),
    );
    for (const { name, file } of recordingsCopy?.files ?? []) {
      files.push({ role: BACKUP_RECORDING_ROLE, file, contents: null, name });
    }
    const manifest: BackupManifest = {
      format: 'riffroom-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      migrations,
      files: files.map(({ role, name, file, contents }) => ({
        role,
        name,
        size: contents ? contents.length : statSync(file).size,
        sha256: contents ? sha256(contents) : sha256OfFile(file),
      })),
      notes,
    };
    const tar = new TarWriter(partial);
    tar.addBuffer(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)));
    for (const { name, file, contents } of files) {
      if (contents) tar.addBuffer(name, contents);
      else tar.addFile(name, file);
    }
    tar.close();
    publish(partial, out);
    return { ...manifest, recordingsCopy };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function sha256(contents: Buffer): string {
  return createHash('sha256').update(contents).digest('hex');
}

/** Flushes the archive and links it under its name, refusing to replace a file that appeared meanwhile. */
function publish(partial: string, out: string): void {
  const fd = openSync(partial, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  linkSync(partial, out);
  unlinkSync(partial);
}
