/**
 * `npm run demo`: fills the configured box (DATA_DIR / RIFFROOM_CONFIG / DATABASE_URL, as `npm
 * start` reads them) with a small made-up network to explore; `npm run demo -- --remove` takes
 * exactly that out again. Never run by anything else (docs/running-and-configuring.md "Demo data").
 */
import { ConfigError } from '@riffroom/server';
import { loadBoxConfig } from './box/config.js';
import { addDemo, DemoRefusal, removeDemoData } from './demo/run-demo.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--remove');
  if (unknown.length > 0) throw new DemoRefusal(`Unknown option ${unknown[0]}. Usage: npm run demo [-- --remove]`);
  const config = loadBoxConfig().api;
  if (args.includes('--remove')) {
    const removed = await removeDemoData(config);
    console.log(
      `Removed the demo data: ${removed.people} people (with everything of theirs) and ${removed.events} events.`,
    );
    return;
  }
  const demo = await addDemo(config);
  console.log(
    `Added demo data: ${demo.people} people, ${demo.follows} follows, ${demo.messages} messages, ` +
      `${demo.sessions} sessions, ${demo.bookings} booking requests, ${demo.offers} marketplace offers, ` +
      `${demo.reviews} reviews, ${demo.events} events.`,
  );
  console.log(`\nEvery demo account signs in with the password: ${demo.password}`);
  console.log(
    `For example: ${demo.emails[0]} (an artist), ${demo.emails[4]} (a producer), ${demo.emails[8]} (an engineer).`,
  );
  console.log('All demo emails end in @demo.riffroom.test. Remove it all with: npm run demo -- --remove');
}

main().catch((error: unknown) => {
  if (error instanceof DemoRefusal || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
