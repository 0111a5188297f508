import { z } from 'zod';
import { roomIdSchema, roomViewSchema } from './rooms.js';

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

/**
 * The server-side event a media node sends every other node when the host changed a room's guest
 * talkback: each ends its own guests' talkback that is no longer allowed (a guest talking on an edge
 * stops as on the host's node). Nodes are peers, but another process wrote it: parsed.
 */
export const TALKBACK_CONTROLS_SERVER_EVENT = 'riffroom:talkback-controls';
export const talkbackControlsServerEventSchema = z.object({ roomId: roomIdSchema });

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

/** A person as a room's removals name them: a uid, or the server-signed id of an anonymous guest. */
export const personKeySchema = z.string().min(1).max(128);
export const internalRemovalBodySchema = z.object({ personKey: personKeySchema });
export const internalRemovedQuerySchema = z.object({ personKey: personKeySchema });
export const internalRemovedResponseSchema = z.object({ removed: z.boolean() });

/**
 * A host's grace period that runs (ROOM_HOST_GRACE_S), as the API keeps it: only `graceId` may end
 * the room, so a timer left over on another node, or from before the host came back, ends nothing.
 * `remainingMs` is counted on the API's clock, so nodes whose clocks differ agree on the end.
 */
export const hostGraceSchema = z.object({
  roomId: z.string(),
  graceId: z.string().min(1).max(64),
  remainingMs: z.number().int().min(0),
});
export type HostGraceInfo = z.infer<typeof hostGraceSchema>;
/** The longest grace period a node may ask for: a day (ROOM_HOST_GRACE_S is 600 by default). */
export const HOST_GRACE_MAX_MS = 24 * 3600 * 1000;
export const internalHostGoneBodySchema = z.object({ graceMs: z.number().int().min(0).max(HOST_GRACE_MAX_MS) });
/** null: the room is unknown or has ended. */
export const internalHostGoneResponseSchema = z.object({ grace: hostGraceSchema.nullable() });
export const internalHostGracesResponseSchema = z.object({ graces: z.array(hostGraceSchema) });
export const internalExpireBodySchema = z.object({ graceId: hostGraceSchema.shape.graceId });

/** INTERNAL_SECRET: long enough that guessing it is hopeless. */
export const internalSecretSchema = z.string().min(32, 'must be at least 32 characters');

// ---------------------------------------------------------------- the media node registry

/**
 * The media node registry in Redis (docs/scaling-out.md): each node's record at
 * `riffroom:node:<id>`, expiring a few heartbeats after its last one, so a node that dies drops out
 * by itself; the ids of nodes that beat recently in one sorted set (`riffroom:nodes`, by last beat)
 * so a reader finds them without scanning keys; a room's origin node at
 * `riffroom:room:<roomId>:origin`; and the consumers each node has in a room at
 * `riffroom:room:<roomId>:consumers` (a hash: node id → count).
 */
export const NODE_REGISTRY_KEYS = {
  node: (nodeId: string) => `riffroom:node:${nodeId}`,
  nodes: 'riffroom:nodes',
  roomOrigin: (roomId: string) => `riffroom:room:${roomId}:origin`,
  roomConsumers: (roomId: string) => `riffroom:room:${roomId}:consumers`,
} as const;

/** A media node's id (NODE_ID): short, and safe inside a Redis key and a URL. */
export const mediaNodeIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, dot, dash or underscore');

const nodeUrlSchema = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s?#]+$/, 'must be an http:// or https:// URL without query or fragment');

/** One node's record as it heartbeats it; another process wrote it, so readers parse it with this. */
export const mediaNodeRecordSchema = z.object({
  id: mediaNodeIdSchema,
  /** Where browsers reach this node (Socket.IO, PeerJS): an origin, optionally with a path prefix. */
  publicUrl: nodeUrlSchema,
  /** Where other nodes and the API reach it inside the deployment. */
  internalUrl: nodeUrlSchema,
  /** mediasoup workers running. */
  workers: z.number().int().min(0),
  /** mediasoup consumers open over all its rooms. */
  consumers: z.number().int().min(0),
  /** CPU the node (its Node process and its workers) used over the last beat, in cores. */
  cpu: z.number().min(0),
  /** A draining node (SIGTERM) keeps its rooms but gets no new ones. */
  draining: z.boolean(),
  /** ms since the epoch of the beat that wrote this record. */
  updatedAt: z.number().int().min(0),
});

/**
 * GET /api/rooms/{roomId}/node (optional auth, as GET /api/rooms/{roomId}): the media node this
 * caller's room screen connects its socket, SFU, relay and PeerJS to. `url` null means this server
 * itself (the single box). Asked again after a node is lost, it re-places the caller on a live one.
 */
export const roomNodeResponseSchema = z.object({ url: nodeUrlSchema.nullable() });
export type RoomNodeResponse = z.infer<typeof roomNodeResponseSchema>;
