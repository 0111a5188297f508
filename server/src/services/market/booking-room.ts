import {
  BOOKING_ROOM_ENDED_MESSAGE,
  BOOKING_ROOM_NOT_CONFIRMED_MESSAGE,
  BOOKING_ROOM_NOT_YET_MESSAGE,
  type OpenBookingRoomResponse,
} from '@riffroom/protocol';
import type { Db } from '../../db/connect.js';
import { conflict, notFound } from '../../errors.js';
import { marketBookingsRepository, type MarketBookingRow } from '../../repositories/market-bookings.js';
import { sessionParticipantsRepository } from '../../repositories/session-participants.js';
import type { BookingRoomAdmission, RoomService } from '../rooms.js';

/** When a confirmed booking's room may be joined: from `opensMs` before the start until the end. */
export function roomWindow(row: Pick<MarketBookingRow, 'start_at' | 'end_at'>, opensMs: number) {
  return { opensAt: Number(row.start_at) - opensMs, closesAt: Number(row.end_at) };
}

const isParty = (row: MarketBookingRow, uid: string) => row.provider_uid === uid || row.requester_uid === uid;

/** The two parties, and the people the provider added to the booking's session (booking-participants.ts). */
async function belongs(db: Db, row: MarketBookingRow, uid: string): Promise<boolean> {
  if (isParty(row, uid)) return true;
  return row.session_id !== null && sessionParticipantsRepository(db).isParticipant(Number(row.session_id), uid);
}

/**
 * Who a booking's room admits (RoomService asks, for the REST join and every media node's
 * join-room): the booking's two parties and the people its provider added, while it is confirmed
 * and inside its window. A cancelled booking, or one outside its window, admits nobody new.
 */
export function bookingRoomAdmission(db: Db, opensMs: number, now: () => number = Date.now): BookingRoomAdmission {
  return {
    async admits(bookingId, uid) {
      const row = await marketBookingsRepository(db).find(bookingId);
      if (!row || row.status !== 'confirmed' || !(await belongs(db, row, uid))) return false;
      const { opensAt, closesAt } = roomWindow(row, opensMs);
      const at = now();
      return at >= opensAt && at < closesAt;
    },
  };
}

/**
 * The confirmed booking's own room (issue 35 item 5). The room is made when a party first opens it
 * inside the window, not at confirm: a room made days ahead would sit live the whole time, and a
 * box restart's host grace (ROOM_HOST_GRACE_S) would end it before anyone came. Made on demand, it
 * is there exactly when needed, and made again if it ended early (the host ended it by mistake).
 */
export class BookingRoomService {
  constructor(
    private readonly db: Db,
    private readonly rooms: RoomService,
    private readonly opensMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async open(callerUid: string, bookingId: number): Promise<OpenBookingRoomResponse> {
    const row = await marketBookingsRepository(this.db).find(bookingId);
    // A stranger learns nothing: the same 404 as for a booking that does not exist.
    if (!row || !(await belongs(this.db, row, callerUid))) throw notFound('booking/not-found', 'No such booking.');
    if (row.status !== 'confirmed') throw conflict('booking/room-closed', BOOKING_ROOM_NOT_CONFIRMED_MESSAGE);
    const { opensAt, closesAt } = roomWindow(row, this.opensMs);
    const at = this.now();
    if (at < opensAt) throw conflict('booking/room-closed', BOOKING_ROOM_NOT_YET_MESSAGE(this.opensMs / 60_000));
    if (at >= closesAt) throw conflict('booking/room-closed', BOOKING_ROOM_ENDED_MESSAGE);
    const roomId = await this.rooms.openForBooking(row.id, row.provider_uid, row.offer_title.slice(0, 100));
    return { roomId, role: row.provider_uid === callerUid ? 'host' : 'participant' };
  }

  /** The booking was cancelled: whoever is in its room is told the room ended. */
  async close(bookingId: number): Promise<void> {
    await this.rooms.endForBooking(bookingId);
  }
}
