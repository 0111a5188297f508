/**
 * `npm run demo -- --remove`: deletes exactly what the demo added. The demo accounts' profiles go
 * with everything that hangs off them (follows, messages, conversations, sessions, bookings, rooms:
 * notifications: ON DELETE CASCADE), their credentials with their refresh tokens, and the demo's events; then the
 * record of demo rows itself. Rows of real people are never touched, even ones that mention a
 * demo person, except through those cascades (a real person's message to a demo account goes too).
 */
import type { Knex } from 'knex';
import { DEMO_ROWS_TABLE, demoKeys } from './demo-rows.js';

export interface RemovedDemo {
  people: number;
  events: number;
}

export async function removeDemo(db: Knex): Promise<RemovedDemo> {
  const uids = await demoKeys(db, 'users');
  const accounts = await demoKeys(db, 'local_accounts');
  const events = (await demoKeys(db, 'events')).map(Number);
  const emails = (await db('local_accounts').whereIn('uid', accounts).select<Array<{ email: string }>>('email')).map(
    (row) => row.email,
  );
  await db.transaction(async (trx) => {
    // The login throttle keys by email, with no foreign key to cascade through.
    await trx('login_known_addresses').whereIn('account_key', emails).delete();
    await trx('login_failures').whereIn('account_key', emails).delete();
    // Jobs name their person without a foreign key (the demo writes no mail job, but be sure).
    if (await trx.schema.hasTable('jobs')) await trx('jobs').whereIn('user_uid', uids).delete();
    await trx('local_accounts').whereIn('uid', accounts).delete();
    await trx('users').whereIn('firebase_uid', uids).delete();
    await trx('events').whereIn('id', events).delete();
  });
  await db.schema.dropTableIfExists(DEMO_ROWS_TABLE);
  return { people: uids.length, events: events.length };
}
