import { z } from 'zod';
import { messageSchema } from './messages.js';

/**
 * What the API tells the realtime layer. On one box it travels in-process; scaled out, over Redis.
 * Each event names the users whose sockets receive it.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new-message'), toUid: z.string(), message: messageSchema }),
  /** The host ended a room: the media node closes its media and sockets. */
  z.object({ type: z.literal('room-ended'), roomId: z.string() }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;
