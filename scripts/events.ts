/**
 * `npm run events -- add|list|remove ...`: manage MVP events in the configured database
 * (DATA_DIR / RIFFROOM_CONFIG / DATABASE_URL, the same configuration `npm start` reads).
 */
import { ConfigError, EVENTS_USAGE, openDatabase, runEventsCommand, UsageError } from '@riffroom/server';
import { loadBoxConfig } from './box/config.js';

async function main(): Promise<void> {
  // The box's whole configuration: its file may hold media settings as well as the API's.
  const config = loadBoxConfig().api;
  const db = await openDatabase(config);
  try {
    await runEventsCommand(process.argv.slice(2), db, (line) => console.log(line));
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(error.message);
    if (error instanceof UsageError && error.message !== EVENTS_USAGE) console.error(`\n${EVENTS_USAGE}`);
    process.exit(2);
  }
  // parseArgs rejects unknown options with a TypeError whose message says which.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
