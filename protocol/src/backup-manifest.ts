import { z } from 'zod';

/** Where each file of a backup goes back in a data directory: fixed names, never a path from the archive. */
export const BACKUP_FILES = {
  database: 'riffroom.sqlite',
  signingKey: 'identity-signing-key.json',
  recordingsIndex: 'recordings/index.json',
} as const;
export type BackupFileRole = keyof typeof BACKUP_FILES;

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
    z.object({
      role: z.enum(Object.keys(BACKUP_FILES) as [BackupFileRole, ...BackupFileRole[]]),
      name: z.string(),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  /** What was left out and why, for the operator reading the manifest (e.g. no recordings index yet). */
  notes: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
