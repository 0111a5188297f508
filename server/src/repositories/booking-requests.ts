import type { BookingStatus } from '@riffroom/protocol';
import type { Knex } from 'knex';
import { sessionsRepository, type NewSession } from './sessions.js';

export interface BookingRow {
  id: number;
  requester_uid: string;
  target_uid: string;
  title: string;
  message: string;
  start_at: number;
  end_at: number;
  status: BookingStatus;
  session_id: number | null;
  created_at: number;
  answered_at: number | null;
}

export interface NewBooking {
  requesterUid: string;
  targetUid: string;
  title: string;
  message: string;
  startAt: number;
  endAt: number;
}

export function bookingRequestsRepository(db: Knex) {
  const table = () => db<BookingRow>('booking_requests');
  const samePending = (booking: NewBooking) =>
    table()
      .where({
        requester_uid: booking.requesterUid,
        target_uid: booking.targetUid,
        start_at: booking.startAt,
        end_at: booking.endAt,
        status: 'pending',
      })
      .first();
  return {
    /**
     * Stores a pending request, or finds the pending one identical to it (same requester, target,
     * start and end): the unique partial index of migration 0010 makes the second of two racing
     * inserts do nothing. `created` tells which.
     */
    async insertOrFindPending(booking: NewBooking, at: number): Promise<{ row: BookingRow; created: boolean }> {
      // Twice at most: the pending copy that stopped this insert may be answered before it is read.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const [inserted] = await table()
          .insert({
            requester_uid: booking.requesterUid,
            target_uid: booking.targetUid,
            title: booking.title,
            message: booking.message,
            start_at: booking.startAt,
            end_at: booking.endAt,
            status: 'pending',
            created_at: at,
          })
          .onConflict()
          .ignore()
          .returning('*');
        if (inserted) return { row: inserted as BookingRow, created: true };
        const existing = (await samePending(booking)) as BookingRow | undefined;
        if (existing) return { row: existing, created: false };
      }
      throw new Error('booking request neither stored nor found');
    },
    async find(id: number): Promise<BookingRow | undefined> {
      return (await table().where({ id }).first()) as BookingRow | undefined;
    },
    /** Newest first. */
    async incoming(uid: string): Promise<BookingRow[]> {
      return (await table().where({ target_uid: uid }).orderBy('id', 'desc')) as BookingRow[];
    },
    async outgoing(uid: string): Promise<BookingRow[]> {
      return (await table().where({ requester_uid: uid }).orderBy('id', 'desc')) as BookingRow[];
    },
    /**
     * Moves a pending request to its answer; on accept also creates its session, in one
     * transaction. Returns false when the request was no longer pending (someone answered first).
     */
    async answer(id: number, status: 'accepted' | 'declined', session: NewSession | null, at: number) {
      return db.transaction(async (trx) => {
        const changed = await trx('booking_requests')
          .where({ id, status: 'pending' })
          .update({ status, answered_at: at });
        if (changed === 0) return false;
        if (session) {
          const created = await sessionsRepository(trx).insert(session, at);
          await trx('booking_requests')
            .where({ id })
            .update({ session_id: Number(created._id) });
        }
        return true;
      });
    },
  };
}
export type BookingRequestsRepository = ReturnType<typeof bookingRequestsRepository>;
