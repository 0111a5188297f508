import { z } from 'zod';
import { messageSchema } from './messages.js';
import { incomingBookingSchema } from './sessions.js';

/**
 * What the API tells the realtime layer. On one box it travels in-process; scaled out, over Redis.
 * Each event names the users whose sockets receive it.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new-message'), toUid: z.string(), message: messageSchema }),
  /** Sign-out or a stolen refresh token ended these sessions: their sockets must stop listening. */
  z.object({ type: z.literal('session-ended'), uid: z.string(), sessionIds: z.array(z.string()) }),
  z.object({ type: z.literal('new-booking-request'), toUid: z.string(), request: incomingBookingSchema }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;
