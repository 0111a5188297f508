import { z } from 'zod';

/** Where each file of a backup goes back in a data directory: fixed names, never a path from the archive. */
export const BACKUP_FILES = {
  database: 'riffroom.sqlite',
  signingKey: 'identity-signing-key.json',
  recordingsIndex: 'recordings/index.json',
} as const;
/** A recording's track: one entry per file, named `recordings/<recordingId>/<track file>`. */
export const BACKUP_RECORDING_ROLE = 'recording';
export type BackupFileRole = keyof typeof BACKUP_FILES | typeof BACKUP_RECORDING_ROLE;
const BACKUP_ROLES = [...(Object.keys(BACKUP_FILES) as (keyof typeof BACKUP_FILES)[]), BACKUP_RECORDING_ROLE] as const;

/** A recording track's name in a backup; restore puts it back at the same path under DATA_DIR, and nowhere else. */
export const BACKUP_RECORDING_NAME = /^recordings\/([A-Za-z0-9_-]{8,64})\/([A-Za-z0-9_-]+\.(?:ogg|webm))$/;

/**
 * manifest.json, the first entry of a backup archive (`npm run backup`): what it holds, with a
 * checksum per file, so `npm run restore` can refuse a damaged or foreign archive before writing.
 */
export const backupManifestSchema = z.object({
  format: z.literal('riffroom-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The SQLite database's applied migrations at the copy; null on PostgreSQL (pg_dump's job). */
  migrations: z.array(z.string()).nullable(),
  files: z.array(
    z
      .object({
        role: z.enum(BACKUP_ROLES),
        name: z.string(),
        size: z.number().int().min(0),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      })
      .refine((file) => file.role !== BACKUP_RECORDING_ROLE || BACKUP_RECORDING_NAME.test(file.name), {
        message: 'a recording track must be named recordings/<id>/<file>.ogg|webm',
        path: ['name'],
      }),
  ),
  /** What was left out and why, for the operator reading the manifest (e.g. a recording still being made). */
  notes: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
