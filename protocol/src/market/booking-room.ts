import { z } from 'zod';

/**
 * The confirmed booking's own room (issue 35 item 5). POST /api/market/bookings/{id}/room opens it
 * for a party from BOOKING_ROOM_OPENS_MINUTES before the start until the end: the provider hosts
 * it, the requester joins it as a participant. Anyone else is told the booking does not exist.
 */
export const openBookingRoomResponseSchema = z.object({
  roomId: z.string(),
  /** 'host' for the provider (the host page), 'participant' for the requester and the people the provider added. */
  role: z.enum(['host', 'participant']),
});
export type OpenBookingRoomResponse = z.infer<typeof openBookingRoomResponseSchema>;

/** The refusals a party may meet outside the window, copied by the client. */
export const BOOKING_ROOM_NOT_YET_MESSAGE = (minutes: number) =>
  `The booking's room opens ${minutes} minutes before the start.`;
export const BOOKING_ROOM_ENDED_MESSAGE = 'This booking has ended; its room is closed.';
export const BOOKING_ROOM_NOT_CONFIRMED_MESSAGE = 'Only a confirmed booking has a room.';
