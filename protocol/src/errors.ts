import { z } from 'zod';
import type { ProjectErrorCode } from './projects.js';

/** Every error body the API sends: `{"error":{"code","message"}}`. */
export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Firebase-style identity error codes, so the login screen maps them to the spec's messages. */
export const AUTH_ERROR_CODES = [
  'auth/invalid-email',
  'auth/weak-password',
  'auth/email-already-in-use',
  'auth/username-already-in-use',
  'auth/user-not-found',
  'auth/wrong-password',
  'auth/too-many-requests',
  'auth/invalid-refresh-token',
  'auth/invalid-argument',
  'auth/id-token-expired',
  'auth/unauthenticated',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const API_ERROR_CODES = [
  'validation/invalid-body',
  'validation/invalid-query',
  'validation/invalid-params',
  'validation/body-too-large',
  'user/not-found',
  'user/uid-mismatch',
  'user/username-taken',
  'user/cannot-follow-self',
  'message/invalid-recipient',
  'session/not-found',
  'session/not-owner',
  'session/not-visible',
  'session/own-session',
  'calendar/not-following',
  'booking/invalid-target',
  'booking/not-found',
  'booking/not-target',
  'booking/already-answered',
  'booking/slot-taken',
  /** A booking's room outside its window, or of a booking that is not confirmed. */
  'booking/room-closed',
  /** A confirmed booking's session is cancelled from the booking (with a reason), not deleted. */
  'session/is-booking',
  /** People a provider adds to a booking: already in it, not following the provider, too many, not in it. */
  'booking/already-in',
  'booking/not-follower',
  'booking/full',
  'booking/not-participant',
  /** A booking that is not confirmed, or has ended, takes no added people and no new time. */
  'booking/not-open',
  /** A booking's session stays private; it moves only to a time that has not started. */
  'session/booking-private',
  'booking/move-to-past',
  'review/not-found',
  'review/closed',
  'join/already-requested',
  'join/already-joined',
  'join/not-found',
  'join/already-answered',
  'join/session-full',
  'notification/not-found',
  /** An email link that is unknown, expired or already used. */
  'email-link/invalid',
  'calendar-feed/not-found',
  'room/not-found',
  'room/full',
  'room/forbidden',
  'room/private',
  'room/not-host',
  'recording/not-found',
  'recording/not-host',
  'recording/range-not-satisfiable',
  'recording/in-progress',
  'room/removed',
  'offer/not-found',
  'offer/too-many',
  'availability/not-found',
  'http/not-found',
  'rate/limited',
  'server/draining',
  /** Scaled out: no live media node can take a room member now (GET /api/rooms/{roomId}/node). */
  'media/no-node',
  'internal',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number] | AuthErrorCode | ProjectErrorCode;

/**
 * Codes of refused socket acks `{ok:false, code, message}` (rooms and notifications). Room codes
 * shared with the API mean the same thing there.
 */
export const SOCKET_ERROR_CODES = [
  'validation/invalid-payload',
  'auth/unauthenticated',
  'auth/forbidden',
  'room/not-found',
  'room/full',
  'room/guests-not-allowed',
  'room/private',
  'room/too-many-sockets',
  'room/not-host',
  'room/not-joined',
  'room/rate-limited',
  'room/removed',
  'room/locked',
  'sfu/unavailable',
  'sfu/transport-not-found',
  'sfu/producer-not-found',
  'sfu/consumer-not-found',
  'sfu/cannot-consume',
  'sfu/media-error',
  'sfu/host-off-sfu',
  'relay/frame-too-large',
  'relay/not-jpeg',
  'relay/chunk-too-large',
  'p2p/peer-taken',
  'p2p/unknown-peer',
  'chat/id-taken',
  'talkback/guests-not-allowed',
  'talkback/already-talking',
  'talkback/not-talking',
  'talkback/too-fast',
  'recording/already-recording',
  'recording/not-recording',
  'recording/no-space',
  'recording/no-recorder',
  'recording/host-busy',
  'recording/server-busy',
  'recording/no-quota',
  'recording/nothing-to-record',
  'recording/failed',
  'rate/limited',
  'server/draining',
  'internal',
] as const;
export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];
