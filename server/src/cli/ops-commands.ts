import { parseArgs } from 'node:util';
import { createBackup } from '../backup/create-backup.js';
import { restoreBackup } from '../backup/restore-backup.js';
import type { ApiConfig } from '../config/schema.js';
import { connectDatabase, openDatabase } from '../db/connect.js';
import { migrationStatus } from '../db/migration-snapshot.js';
import { UsageError } from './events-command.js';

type Print = (line: string) => void;

export const BACKUP_USAGE = 'Usage: npm run backup -- --out FILE [--without-recordings]';
export const RESTORE_USAGE = 'Usage: npm run restore -- FILE --data-dir DIR   (DIR must be new or empty)';
export const MIGRATE_USAGE = `Usage:
  npm run migrate -- --status   list the applied and the pending migrations
  npm run migrate               apply the pending ones (SQLite: after a snapshot in DATA_DIR/backups)`;

/** A copy of the configured box's data (DATA_DIR / RIFFROOM_CONFIG / DATABASE_URL), safe while it serves. */
export async function runBackupCommand(argv: string[], config: ApiConfig, print: Print): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, 'without-recordings': { type: 'boolean' } },
  });
  if (!values.out) throw new UsageError(BACKUP_USAGE);
  const manifest = await createBackup(config, values.out, { withRecordings: !values['without-recordings'] });
  const others = manifest.files.filter((file) => file.role !== 'recording').map((file) => file.name);
  print(`Backup written to ${values.out}: ${others.join(', ')}`);
  const copied = manifest.recordingsCopy;
  if (copied && copied.recordings > 0) {
    print(`Recordings: ${copied.recordings} (${copied.files.length} files, ${megabytes(copied.bytes)} MB)`);
  }
  for (const note of manifest.notes) print(`Note: ${note}`);
}

export async function runRestoreCommand(argv: string[], print: Print): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' } },
  });
  const [archive] = positionals;
  const dataDir = values['data-dir'];
  if (!archive || !dataDir || positionals.length !== 1) throw new UsageError(RESTORE_USAGE);
  const manifest = restoreBackup(archive, dataDir);
  const tracks = manifest.files.filter((file) => file.role === 'recording');
  const others = manifest.files.filter((file) => file.role !== 'recording').map((file) => file.name);
  print(`Restored the backup of ${manifest.createdAt} into ${dataDir}: ${others.join(', ')}`);
  if (tracks.length > 0) {
    const recordings = new Set(tracks.map((file) => file.name.split('/')[1])).size;
    print(`Recordings: ${recordings} (${tracks.length} files)`);
  }
  for (const note of manifest.notes) print(`Note: ${note}`);
  print(`Start the box with DATA_DIR=${dataDir}.`);
}

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export async function runMigrateCommand(argv: string[], config: ApiConfig, print: Print): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { status: { type: 'boolean' } } });
  if (!values.status) {
    const before = connectDatabase(config);
    const { pending } = await migrationStatus(before).finally(() => before.destroy());
    await (await openDatabase(config)).destroy();
    print(pending.length === 0 ? 'Nothing to apply.' : `Applied ${pending.join(', ')}.`);
    return;
  }
  const db = connectDatabase(config);
  try {
    const { applied, pending } = await migrationStatus(db);
    print(`Database: ${config.database.client === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
    for (const name of applied) print(`applied  ${name}`);
    for (const name of pending) print(`pending  ${name}`);
    print(`${applied.length} applied, ${pending.length} pending.`);
  } finally {
    await db.destroy();
  }
}
