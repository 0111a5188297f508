import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  BACKUP_FILES,
  BACKUP_RECORDING_NAME,
  BACKUP_RECORDING_ROLE,
  backupManifestSchema,
  describeZodError,
  type BackupManifest,
} from '@riffroom/protocol';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.js';
import { MANIFEST_NAME } from './create-backup.js';
import { sha256OfFile } from './file-hash.js';
import { copyTarEntry, listTar, readTarEntry, type TarEntry } from './tar.js';

export class RestoreError extends Error {}

function readManifest(fd: number, entries: TarEntry[]): BackupManifest {
  const first = entries[0];
  if (!first || first.name !== MANIFEST_NAME)
    throw new RestoreError(`not a backup: it does not start with ${MANIFEST_NAME}`);
  let json: unknown;
  try {
    json = JSON.parse(readTarEntry(fd, first).toString('utf8'));
  } catch {
    throw new RestoreError(`not a backup: ${MANIFEST_NAME} is not JSON`);
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) throw new RestoreError(`not a backup: ${MANIFEST_NAME}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** The data directory must be absent or empty: a restore never mixes with, or overwrites, live data. */
function prepareEmptyDir(dataDir: string): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new RestoreError(`${dataDir} is not empty: restore into a new or empty data directory`);
  }
  ensurePrivateDir(dataDir);
}

/**
 * Where a file goes back: a fixed name per role, or for a recording's track the path its checked
 * name spells (recordings/<id>/<file>, each part of a fixed alphabet), never another.
 */
function targetOf(dataDir: string, file: BackupManifest['files'][number]): string {
  if (file.role !== BACKUP_RECORDING_ROLE) return path.join(dataDir, BACKUP_FILES[file.role]);
  const match = BACKUP_RECORDING_NAME.exec(file.name);
  if (!match) throw new RestoreError(`not a backup: ${file.name} is not a recording track's name`);
  return path.join(dataDir, 'recordings', match[1]!, match[2]!);
}

function checkDatabase(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new RestoreError(`the restored database fails its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/**
 * `npm run restore -- FILE --data-dir DIR`: puts a backup's files back under their usual names in
 * an empty data directory, owner-only like any DATA_DIR (private-files.ts), checking every file
 * against the manifest's checksum and the database's integrity. On any failure nothing it wrote is
 * left behind. Returns the manifest.
 */
export function restoreBackup(archive: string, dataDir: string): BackupManifest {
  const fd = openSync(archive, 'r');
  try {
    const entries = listTar(fd);
    const manifest = readManifest(fd, entries);
    prepareEmptyDir(dataDir);
    try {
      for (const file of manifest.files) {
        const entry = entries.find((candidate) => candidate.name === file.name);
        if (!entry) throw new RestoreError(`the archive lacks ${file.name}, which its manifest lists`);
        // The destination comes from the role (and a checked name), never a path from the archive.
        const target = targetOf(dataDir, file);
        mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        const out = openSync(target, 'wx', PRIVATE_FILE_MODE);
        try {
          copyTarEntry(fd, entry, out);
          fsyncSync(out);
        } finally {
          closeSync(out);
        }
        if (entry.size !== file.size || sha256OfFile(target) !== file.sha256) {
          throw new RestoreError(`${file.name} does not match its checksum: the archive is damaged`);
        }
        if (file.role === 'database') checkDatabase(target);
      }
    } catch (error) {
      for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });
      throw error;
    }
    return manifest;
  } finally {
    closeSync(fd);
  }
}
