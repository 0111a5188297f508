import { z } from 'zod';
import { messageSchema } from './messages.js';
import { incomingBookingSchema } from './sessions.js';

/**
 * What the API tells the realtime layer. On one box it travels in-process; scaled out, over Redis.
 * Each event names the users whose sockets receive it.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new-message'), toUid: z.string(), message: messageSchema }),
  z.object({ type: z.literal('new-booking-request'), toUid: z.string(), request: incomingBookingSchema }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;
