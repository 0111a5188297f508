import type { Session, SessionBody } from '@riffroom/protocol';
import type { Db } from '../../db/connect.js';
import { badRequest, conflict } from '../../errors.js';
import type { Notifier } from '../../notifications/notifier.js';
import { marketBookingsRepository, type MarketBookingRow } from '../../repositories/market-bookings.js';
import { sessionParticipantsRepository } from '../../repositories/session-participants.js';
import { sessionsRepository } from '../../repositories/sessions.js';
import { BOOKING_REQUESTS_LINK } from '../bookings.js';
import { queueBookingReminders } from './booking-reminders.js';

/**
 * Edits of a confirmed booking's session on the provider's calendar (issue 35). The booking is the
 * agreement, so the session's time and the booking's time move together, in one transaction, with
 * fresh reminders (the old ones see a different start and send nothing), and the requester and
 * the added people are told. The session stays private to its people: it carries the requester's
 * message, which the calendar's visibility rules would otherwise show to the provider's followers.
 */
export class BookingSessionEdits {
  constructor(
    private readonly db: Db,
    private readonly notifier: Notifier,
    private readonly now: () => number = Date.now,
  ) {}

  /** Applies `body` to the session if it is a confirmed booking's; undefined when it is not one. */
  async update(sessionId: number, body: SessionBody): Promise<Session | undefined> {
    const row = await marketBookingsRepository(this.db).confirmedOfSession(sessionId);
    if (!row) return undefined;
    if (body.visibility !== 'private') {
      throw badRequest('session/booking-private', "A booking's session stays private to its people.");
    }
    const start = Date.parse(body.startTime);
    const end = Date.parse(body.endTime);
    const moves = start !== Number(row.start_at) || end !== Number(row.end_at);
    const at = this.now();
    if (moves && Number(row.end_at) <= at) {
      throw conflict('booking/not-open', 'This booking has ended; its time can no longer change.');
    }
    if (moves && start <= at) {
      throw badRequest('booking/move-to-past', 'A booking can only move to a time that has not started.');
    }
    const session = await this.db.transaction(async (trx) => {
      const updated = await sessionsRepository(trx).update(sessionId, body, at);
      if (moves) {
        const moved = await marketBookingsRepository(trx).transition(row.id, ['confirmed'], {
          start_at: start,
          end_at: end,
          updated_at: at,
        });
        if (!moved) throw conflict('booking/already-answered', 'This booking has changed; reload it.');
        await queueBookingReminders(trx, row.id, start, at);
      }
      return updated;
    });
    if (moves) await this.tellMoved(row, start);
    return session;
  }

  private async tellMoved(row: MarketBookingRow, start: number): Promise<void> {
    const added = await sessionParticipantsRepository(this.db).ofSessions([Number(row.session_id)]);
    const told = [row.requester_uid, ...(added.get(Number(row.session_id)) ?? [])];
    for (const userId of told) {
      await this.notifier.notify({
        userId,
        kind: 'booking-moved',
        title: `${row.offer_title}: moved to another time`,
        link: BOOKING_REQUESTS_LINK,
        data: { bookingId: String(row.id), startTime: new Date(start).toISOString(), source: 'market' },
      });
    }
  }
}
