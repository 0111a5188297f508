import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from '../../db/connect.js';
import type { Notifier } from '../../notifications/notifier.js';
import { jobsRepository } from '../../repositories/jobs.js';
import { marketBookingsRepository } from '../../repositories/market-bookings.js';
import { BOOKING_REQUESTS_LINK } from '../bookings.js';

/** The job kind the job worker (server/src/jobs/) runs for booking reminders. */
export const BOOKING_REMINDER_JOB = 'booking-reminder';

const MINUTE = 60_000;

/**
 * The two reminders before a confirmed booking (issue 35 item 5): how long before the start each is
 * due, the column that records the start it was sent for, and its title's tail.
 */
export const REMINDERS = {
  '24h': { leadMs: 24 * 60 * MINUTE, column: 'reminded_24h_for', says: 'starts within 24 hours' },
  '15m': { leadMs: 15 * MINUTE, column: 'reminded_15m_for', says: 'starts in 15 minutes' },
} as const;
type Lead = keyof typeof REMINDERS;

const payloadSchema = z.object({
  bookingId: z.number().int(),
  /** The start the reminder is for: a booking since moved to another time has newer reminders. */
  startAt: z.number().int(),
  lead: z.enum(['24h', '15m']),
});

/**
 * Queues the reminders of a booking confirmed at `confirmedAt` for `startAt`, in the confirming
 * transaction (so a confirm that rolls back queues none). Each is due at its lead before the start,
 * or at once when that time has passed. The 24 h one is not queued when the 15 min one is already
 * due: a booking confirmed less than 15 minutes ahead gets no "within 24 hours" reminder.
 */
export async function queueBookingReminders(
  trx: Knex.Transaction,
  bookingId: number,
  startAt: number,
  confirmedAt: number,
): Promise<void> {
  const jobs = jobsRepository(trx);
  for (const lead of Object.keys(REMINDERS) as Lead[]) {
    if (!isStillDue(lead, startAt, confirmedAt)) continue;
    const runAt = Math.max(startAt - REMINDERS[lead].leadMs, confirmedAt);
    await jobs.enqueue({ kind: BOOKING_REMINDER_JOB, payload: { bookingId, startAt, lead }, runAt }, confirmedAt);
  }
}

/** A 24 h reminder is pointless once the 15 min one is due; a 15 min one once the booking started. */
function isStillDue(lead: Lead, startAt: number, now: number): boolean {
  return lead === '24h' ? now < startAt - REMINDERS['15m'].leadMs : now < startAt;
}

/**
 * Sends one due reminder to both parties (toast, bell and email through the Notifier). Nothing goes
 * for a booking cancelled or moved since it was queued, nor for one whose time has passed (the job
 * worker was down). The job lease runs each reminder in one process; marking the booking is a
 * compare-and-set besides, so even a lease taken over mid-send cannot remind twice.
 */
export class BookingReminders {
  constructor(
    private readonly db: Db,
    private readonly notifier: Notifier,
    private readonly now: () => number = Date.now,
  ) {}

  readonly send = async (payload: unknown): Promise<void> => {
    const { bookingId, startAt, lead } = payloadSchema.parse(payload);
    const row = await marketBookingsRepository(this.db).find(bookingId);
    if (!row || row.status !== 'confirmed' || Number(row.start_at) !== startAt) return;
    if (!isStillDue(lead, startAt, this.now())) return;
    const { column, says } = REMINDERS[lead];
    const marked = await this.db('market_bookings')
      .where({ id: bookingId, status: 'confirmed', start_at: startAt })
      .andWhere((query) => query.whereNull(column).orWhereNot(column, startAt))
      .update({ [column]: startAt });
    if (marked !== 1) return;
    for (const userId of [row.provider_uid, row.requester_uid]) {
      await this.notifier.notify({
        userId,
        kind: 'booking-reminder',
        title: `Reminder: ${row.offer_title} ${says}`,
        link: BOOKING_REQUESTS_LINK,
        data: {
          bookingId: String(row.id),
          startTime: new Date(startAt).toISOString(),
          sessionId: row.session_id === null ? null : String(row.session_id),
        },
      });
    }
  };
}
