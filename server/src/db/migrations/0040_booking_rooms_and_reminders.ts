import type { Knex } from 'knex';

/**
 * The confirmed booking's own room and its reminders (issue 35 item 5):
 * - rooms.booking_id: the market booking a room was made for (null for every other room). No
 *   foreign key, so SQLite adds the column in place instead of rebuilding rooms under
 *   room_participants' references; a booking's rows are never deleted while its room is live.
 *   At most one live room per booking: the partial unique index makes the second of two parties
 *   opening it at once use the first one's room (same SQL on SQLite and PostgreSQL).
 * - market_bookings.reminded_24h_for / reminded_15m_for: the start time each reminder was sent
 *   for. Marking it is a compare-and-set, so each reminder goes once even if two workers ran it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('rooms', (t) => {
    t.integer('booking_id').nullable();
  });
  await knex.raw(
    'CREATE UNIQUE INDEX rooms_live_booking_unique ON rooms (booking_id) WHERE booking_id IS NOT NULL AND ended_at IS NULL',
  );
  await knex.schema.alterTable('market_bookings', (t) => {
    t.bigInteger('reminded_24h_for').nullable();
    t.bigInteger('reminded_15m_for').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('market_bookings', (t) => {
    t.dropColumn('reminded_15m_for');
    t.dropColumn('reminded_24h_for');
  });
  await knex.raw('DROP INDEX rooms_live_booking_unique');
  await knex.schema.alterTable('rooms', (t) => {
    t.dropColumn('booking_id');
  });
}
