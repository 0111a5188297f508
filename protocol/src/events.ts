import { z } from 'zod';
import { messageSchema } from './messages.js';
import { notificationSchema } from './notifications.js';
import { roomTierSchema } from './rooms.js';
import { incomingBookingSchema, outgoingBookingSchema } from './sessions.js';

/**
 * What the API tells the realtime layer. On one box it travels in-process; scaled out, the API hands
 * it to the Socket.IO Redis emitter (server/src/events/socket-io-emitter-bus.ts). Each event names
 * the users whose sockets receive it.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new-message'), toUid: z.string(), message: messageSchema }),
  /** Sign-out or a stolen refresh token ended these sessions: their sockets must stop listening. */
  z.object({ type: z.literal('session-ended'), uid: z.string(), sessionIds: z.array(z.string()) }),
  z.object({ type: z.literal('new-booking-request'), toUid: z.string(), request: incomingBookingSchema }),
  /** The host accepted or declined: the requester hears it, as the host heard the request. */
  z.object({ type: z.literal('booking-answered'), toUid: z.string(), booking: outgoingBookingSchema }),
  /** A new item in the person's notification centre (the bell); their sockets on any node hear it. */
  z.object({ type: z.literal('notification'), toUid: z.string(), notification: notificationSchema }),
  /** The host ended a room: the media node closes its media and sockets. */
  z.object({ type: z.literal('room-ended'), roomId: z.string() }),
  /** The host changed the room's tier: its guests choose their tier again. */
  z.object({ type: z.literal('room-settings'), roomId: z.string(), tier: roomTierSchema }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;

/**
 * The Redis both sides use when scaled out: the API's Socket.IO emitter and the media nodes'
 * Socket.IO adapter. Absent (memory), a single box delivers in-process.
 */
export const busConfigSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('memory') }),
  z.strictObject({
    kind: z.literal('redis'),
    url: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .max(2048),
  }),
]);
export type BusConfig = z.infer<typeof busConfigSchema>;

/**
 * A bus event as it arrives off the wire (Redis): another process wrote it, so it is validated
 * like any other outside input. Null when it is not a known event.
 */
export function decodeBusEvent(value: unknown): BusEvent | null {
  const parsed = busEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
