import {
  restRoutes,
  type MarketBooking,
  type MarketBookingsResponse,
  type OpenBookingRoomResponse,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

/** A confirmed booking's own room (issue 35 item 5): open it, and cancel the booking with a reason. */
export interface BookingRoomApi {
  /** The caller's bookings: incoming (they provide), outgoing (they requested), joined (they were added). */
  mine(): Promise<MarketBookingsResponse>;
  /** The room to go to: the provider hosts it, the requester joins it. Refused outside the window. */
  open(bookingId: string): Promise<OpenBookingRoomResponse>;
  cancel(bookingId: string, reason: string): Promise<MarketBooking>;
  /** The provider adds someone who follows them, by username, or removes an added person. */
  addParticipant(bookingId: string, username: string): Promise<MarketBooking>;
  removeParticipant(bookingId: string, uid: string): Promise<MarketBooking>;
}

export function createBookingRoomApi(http: HttpClient): BookingRoomApi {
  return {
    async mine() {
      return http.authed(restRoutes.myMarketBookings);
    },
    async open(bookingId) {
      return http.authed(restRoutes.openBookingRoom, { params: { id: bookingId } });
    },
    async cancel(bookingId, reason) {
      return (
        await http.authed(restRoutes.actOnMarketBooking, {
          params: { id: bookingId },
          body: { action: 'cancel', reason },
        })
      ).booking;
    },
    async addParticipant(bookingId, username) {
      return (await http.authed(restRoutes.addBookingParticipant, { params: { id: bookingId }, body: { username } }))
        .booking;
    },
    async removeParticipant(bookingId, uid) {
      return (await http.authed(restRoutes.removeBookingParticipant, { params: { id: bookingId, uid } })).booking;
    },
  };
}
