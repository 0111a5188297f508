/**
 * `npm run demo -- --remove`: deletes exactly what the demo added. The demo accounts' profiles go
 * with everything that hangs off them (follows, messages, conversations, sessions, bookings, rooms:
 * notifications: ON DELETE CASCADE), their credentials with their refresh tokens, and the demo's events; then the
 * record of demo rows itself. Rows of real people are never touched, even ones that mention a
 * demo person, except through those cascades (a real person's message to a demo account goes too).
 */
import type { Knex } from 'knex';
import { BOOKING_REMINDER_JOB } from '../../server/src/services/market/booking-reminders.js';
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
    // Jobs name their person without a foreign key (the demo writes no mail job, but be sure), and
    // the reminders of the demo's bookings name the booking in their payload.
    if (await trx.schema.hasTable('jobs')) {
      await trx('jobs').whereIn('user_uid', uids).delete();
      await trx('jobs')
        .whereIn('id', await demoReminderJobs(trx, uids))
        .delete();
    }
    await trx('local_accounts').whereIn('uid', accounts).delete();
    await trx('users').whereIn('firebase_uid', uids).delete();
    await trx('events').whereIn('id', events).delete();
  });
  await db.schema.dropTableIfExists(DEMO_ROWS_TABLE);
  return { people: uids.length, events: events.length };
}

/** The reminder jobs of bookings a demo person is party to. */
async function demoReminderJobs(trx: Knex.Transaction, uids: string[]): Promise<number[]> {
  const bookings = await trx('market_bookings')
    .whereIn('requester_uid', uids)
    .orWhereIn('provider_uid', uids)
    .select<Array<{ id: number }>>('id');
  const ids = new Set(bookings.map((row) => Number(row.id)));
  const jobs = await trx('jobs')
    .where({ kind: BOOKING_REMINDER_JOB })
    .select<Array<{ id: number; payload: string }>>('id', 'payload');
  return jobs
    .filter((job) => ids.has(Number((JSON.parse(job.payload) as { bookingId?: unknown }).bookingId)))
    .map((job) => job.id);
}
