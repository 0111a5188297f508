/**
 * `npm run backup|restore|migrate`: operations on the configured box's data (DATA_DIR /
 * RIFFROOM_CONFIG / DATABASE_URL, the same configuration `npm start` reads); docs/operations.md.
 * The first argument names the command; the rest are its own.
 */
import {
  ConfigError,
  loadApiConfig,
  RestoreError,
  runBackupCommand,
  runMigrateCommand,
  runRestoreCommand,
  UsageError,
} from '@riffroom/server';

async function main(): Promise<void> {
  const [command, ...argv] = process.argv.slice(2);
  const print = (line: string) => console.log(line);
  if (command === 'restore') return runRestoreCommand(argv, print);
  if (command === 'backup') return runBackupCommand(argv, loadApiConfig(), print);
  if (command === 'migrate') return runMigrateCommand(argv, loadApiConfig(), print);
  throw new UsageError('Usage: tsx scripts/ops.ts backup|restore|migrate ...');
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof RestoreError) {
    console.error(error.message);
    process.exit(2);
  }
  // parseArgs rejects unknown options with a TypeError whose message says which.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
