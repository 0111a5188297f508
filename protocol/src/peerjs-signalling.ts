import { z } from 'zod';

/**
 * What a PeerJS client sends the signalling server at /peerjs (docs/security.md): the query of its
 * WebSocket and the messages on it. The `peer` package takes both almost unchecked, so the media
 * node validates them first (media/src/p2p/peer-guard.ts). Kept apart from p2p.ts so rooms.ts can
 * use the id schema without an import cycle.
 */

/**
 * A PeerJS id or token: our clients' ids are the server's UUIDs (GET /peerjs/peerjs/id) and their
 * tokens PeerJS' base-36 randoms, so 1..64 of [A-Za-z0-9_-] holds every one with room to spare.
 */
export const peerJsIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be 1 to 64 of A-Z, a-z, 0-9, _ and -');
export const peerJsTokenSchema = peerJsIdSchema;

/**
 * The signalling socket's query (`/peerjs/peerjs?key=&id=&token=&version=`), read the way the
 * `peer` package reads it: the last value of each name. The key's value is the package's to check.
 */
export const peerJsQuerySchema = z.object({
  key: z.string().min(1).max(64),
  id: peerJsIdSchema,
  token: peerJsTokenSchema,
  version: z
    .string()
    .max(32)
    .regex(/^[0-9A-Za-z.+-]*$/)
    .optional(),
});

/**
 * A signalling message is an SDP offer or answer, or one ICE candidate: a browser's offer with
 * audio, video and a data channel is 5-10 KB of JSON. 64 KiB leaves several times that, while the
 * `ws` default (100 MiB) let one message raise the process's memory by hundreds of MB.
 */
export const PEERJS_MAX_MESSAGE_BYTES = 64 * 1024;

/** The messages a PeerJS client sends (peerjs 1.5 sends the first four; older ones also LEAVE). */
export const PEERJS_CLIENT_MESSAGE_TYPES = ['HEARTBEAT', 'OFFER', 'ANSWER', 'CANDIDATE', 'LEAVE'] as const;

/** One message from a PeerJS client; `src` is set by the server, whatever the client wrote. */
export const peerJsClientMessageSchema = z.object({
  type: z.enum(PEERJS_CLIENT_MESSAGE_TYPES),
  dst: peerJsIdSchema.optional(),
  payload: z.unknown().optional(),
});
export type PeerJsClientMessage = z.infer<typeof peerJsClientMessageSchema>;
