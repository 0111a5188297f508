import type { Knex } from 'knex';

/**
 * One pending booking request per identical request: the same requester, target, start and end.
 * A unique partial index decides, so a hundred concurrent copies store one row whatever the
 * timing; an answered request leaves the index, so the same time can be asked for again.
 * Copies already stored while pending are duplicates of the oldest one and are removed first.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `DELETE FROM booking_requests WHERE status = 'pending' AND id NOT IN (
       SELECT MIN(id) FROM booking_requests WHERE status = 'pending'
       GROUP BY requester_uid, target_uid, start_at, end_at
     )`,
  );
  await knex.raw(
    `CREATE UNIQUE INDEX booking_requests_one_pending_idx
     ON booking_requests (requester_uid, target_uid, start_at, end_at) WHERE status = 'pending'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX booking_requests_one_pending_idx');
}
