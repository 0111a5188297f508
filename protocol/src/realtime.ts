import { z } from 'zod';
import type { Message } from './messages.js';
import type { IncomingBooking } from './sessions.js';
import { uidSchema } from './user.js';

/** Every socket acknowledgement: success with optional data, or a refusal that says why. */
export type Ack<T = undefined> = T extends undefined
  ? { ok: true } | { ok: false; code: string; message: string }
  : { ok: true; data: T } | { ok: false; code: string; message: string };

export const registerUserPayloadSchema = uidSchema;

/** Events the server sends (spec part 7, "Received events"). */
export interface ServerToClientEvents {
  'new-message': (message: Message) => void;
  /** To the target of a booking request, on every socket of theirs. */
  'new-booking-request': (request: IncomingBooking) => void;
}

/** Events a client sends. Payloads are `unknown` on purpose: the server validates them. */
export interface ClientToServerEvents {
  'register-user': (uid: unknown, ack?: (result: Ack) => void) => void;
}

/** What the handshake may carry: the ID token, or nothing for an anonymous guest. */
export const socketHandshakeAuthSchema = z.object({ token: z.string().min(1).max(8192).optional() });
