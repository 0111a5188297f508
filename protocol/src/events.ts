import { z } from 'zod';
import { messageSchema } from './messages.js';
import { roomTierSchema } from './rooms.js';
import { incomingBookingSchema, outgoingBookingSchema } from './sessions.js';

/**
 * What the API tells the realtime layer. On one box it travels in-process; scaled out, over Redis.
 * Each event names the users whose sockets receive it.
 */
export const busEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new-message'), toUid: z.string(), message: messageSchema }),
  /** Sign-out or a stolen refresh token ended these sessions: their sockets must stop listening. */
  z.object({ type: z.literal('session-ended'), uid: z.string(), sessionIds: z.array(z.string()) }),
  z.object({ type: z.literal('new-booking-request'), toUid: z.string(), request: incomingBookingSchema }),
  /** The host accepted or declined: the requester hears it, as the host heard the request. */
  z.object({ type: z.literal('booking-answered'), toUid: z.string(), booking: outgoingBookingSchema }),
  /** The host ended a room: the media node closes its media and sockets. */
  z.object({ type: z.literal('room-ended'), roomId: z.string() }),
  /** The host changed the room's tier: its guests choose their tier again. */
  z.object({ type: z.literal('room-settings'), roomId: z.string(), tier: roomTierSchema }),
]);
export type BusEvent = z.infer<typeof busEventSchema>;

/** The Redis pub/sub channel the API publishes bus events on and every media node subscribes to. */
export const BUS_REDIS_CHANNEL = 'riffroom:bus-events';

/**
 * Which bus the API and the media node share: an in-process emitter on one box, Redis when they
 * run as separate processes. Both sides read the same setting, so it lives in the contract.
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
 * A bus event as it arrives off the wire (Redis): another process wrote it, so it is parsed and
 * validated like any other outside input. Null when it is not JSON or not a known event.
 */
export function decodeBusEvent(raw: string): BusEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = busEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
