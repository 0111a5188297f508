import { z } from 'zod';
import { roomViewSchema } from './rooms.js';

/**
 * What the API and the media nodes share when they run apart (ARCHITECTURE.md "Scaling out"): the
 * Socket.IO channel names both address (the API through the Redis emitter, the nodes through the
 * Redis adapter), the public keys the nodes verify ID tokens with, and the internal room directory.
 */

/** The Socket.IO room every socket of one user joins, so an event reaches all their tabs and devices. */
export const userRoom = (uid: string) => `user:${uid}`;

/** The Socket.IO room of a collaboration room's sockets. */
export const roomChannel = (roomId: string) => `room:${roomId}`;

/** The Socket.IO room of the sockets one sign-in session opened: a sign-out disconnects it on every node. */
export const sessionChannel = (sessionId: string) => `session:${sessionId}`;

/**
 * The Redis key prefix of the Socket.IO adapter and emitter: both must agree. Socket.IO's own
 * default, so `redis-cli PUBSUB CHANNELS 'socket.io*'` shows the nodes' channels.
 */
export const SOCKET_IO_REDIS_KEY = 'socket.io';

/** The server-side event the API emits to every media node for bus events that need node code (room-ended). */
export const BUS_SERVER_EVENT = 'riffroom:bus-event';

/** The header the internal routes read the shared secret from (INTERNAL_SECRET). */
export const INTERNAL_SECRET_HEADER = 'x-riffroom-internal-secret';

/** One ES256 public key as a JWK (RFC 7517); the fields a verifier needs, others allowed. */
export const publicJwkSchema = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
  kid: z.string(),
  alg: z.literal('ES256'),
  use: z.literal('sig'),
});

/** GET /.well-known/jwks.json: the keys ID tokens are signed with (local identity only). */
export const jwksResponseSchema = z.object({ keys: z.array(publicJwkSchema) });
export type JwksResponse = z.infer<typeof jwksResponseSchema>;

/** The room directory a media node asks the API over HTTP (its RoomDirectory). */
export const internalRoomResponseSchema = z.object({ room: roomViewSchema.nullable() });
export const internalAdmitsResponseSchema = z.object({ admits: z.boolean() });
export const internalUserNameResponseSchema = z.object({ name: z.string().nullable() });

/** INTERNAL_SECRET: long enough that guessing it is hopeless. */
export const internalSecretSchema = z.string().min(32, 'must be at least 32 characters');
