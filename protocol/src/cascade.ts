import { z } from 'zod';
import type { RelayRendition } from './relay.js';
import { MEDIA_KINDS, MEDIA_SOURCES, roomIdSchema, rtpParametersSchema } from './rooms.js';

/**
 * Cascading one room over several media nodes (ARCHITECTURE.md "Scaling out"): an edge node
 * holds one link per room to the room's origin node, a WebSocket on the origin's internal port
 * (INTERNAL_SECRET in the upgrade's header). Over it the two ends set up a mediasoup PipeTransport
 * pair, the origin announces every producer of the room it pipes (and their close, pause and
 * resume), the edge reports how many of its guests want relay frames, and the origin sends the
 * room's relay frames and audio once per edge as binary messages. Another process wrote every
 * message: each is parsed here before it is acted on.
 */

/** The origin's internal WebSocket path for one room's link. */
export const cascadeLinkPath = (roomId: string) => `/internal/cascade/rooms/${encodeURIComponent(roomId)}`;
export const CASCADE_LINK_PATH_PATTERN = /^\/internal\/cascade\/rooms\/([^/?#]+)$/;

const sfuIdSchema = z.string().min(1).max(64);

/** One end of the pipe: where its PipeTransport listens, and its SRTP key when SRTP is on. */
const pipeEndSchema = z.object({
  ip: z.union([z.ipv4(), z.ipv6()]),
  port: z.number().int().min(1).max(65535),
  srtpParameters: z
    .object({
      cryptoSuite: z.enum([
        'AEAD_AES_256_GCM',
        'AEAD_AES_128_GCM',
        'AES_CM_128_HMAC_SHA1_80',
        'AES_CM_128_HMAC_SHA1_32',
      ]),
      keyBase64: z.string().min(1).max(256),
    })
    .optional(),
});
export type CascadePipeEnd = z.infer<typeof pipeEndSchema>;

/**
 * Talkback across the link, both ways alike: a talker's mic (issue 17's contract: appData
 * {source:'talkback', userId, displayName}) piped to the other end, which produces it with the same
 * id and adopts it into the room's talkback under the talker's member socket; its close; and the
 * host's mute, which pauses the mic at its own end and the copy at the other.
 */
const talkbackMessages = [
  z.object({
    type: z.literal('talkback-producer'),
    producerId: sfuIdSchema,
    /** The talker's member socket (unique across nodes): talkback-state and the host's mute name it. */
    peerId: z.string().min(1).max(64),
    userId: z.string().min(1).max(128),
    displayName: z.string().max(200),
    rtpParameters: rtpParametersSchema,
    paused: z.boolean(),
  }),
  z.object({ type: z.literal('talkback-closed'), producerId: sfuIdSchema }),
  z.object({ type: z.literal('talkback-muted'), producerId: sfuIdSchema, muted: z.boolean() }),
] as const;
export type CascadeTalkbackMessage = z.infer<(typeof talkbackMessages)[number]>;

/** Edge to origin. The first message is always the pipe offer. */
export const cascadeEdgeMessageSchema = z.discriminatedUnion('type', [
  pipeEndSchema.extend({ type: z.literal('pipe-offer'), srtp: z.boolean() }),
  /**
   * The edge's guests that want relay frames now, and how many of them are on the small rendition
   * (the origin adds both to the host's relay:demand); `small` defaults to 0 for an older edge.
   */
  z
    .object({
      type: z.literal('relay-demand'),
      guests: z.number().int().min(0).max(1_000_000),
      small: z.number().int().min(0).max(1_000_000).default(0),
    })
    .refine((demand) => demand.small <= demand.guests, { message: 'small guests cannot outnumber the guests' }),
  ...talkbackMessages,
]);
export type CascadeEdgeMessage = z.infer<typeof cascadeEdgeMessageSchema>;

/** Origin to edge (text messages; relay media goes as binary, see encodeCascadeMedia). */
export const cascadeOriginMessageSchema = z.discriminatedUnion('type', [
  pipeEndSchema.extend({ type: z.literal('pipe-answer') }),
  /** A producer piped to the edge: the edge produces it on its end with the same id and these parameters. */
  z.object({
    type: z.literal('producer'),
    producerId: sfuIdSchema,
    kind: z.enum(MEDIA_KINDS),
    source: z.enum(MEDIA_SOURCES),
    rtpParameters: rtpParametersSchema,
    paused: z.boolean(),
  }),
  z.object({ type: z.literal('producer-closed'), producerId: sfuIdSchema }),
  z.object({ type: z.literal('producer-paused'), producerId: sfuIdSchema }),
  z.object({ type: z.literal('producer-resumed'), producerId: sfuIdSchema }),
  /** Every producer the origin had when the link opened has been announced. */
  z.object({ type: z.literal('producers-listed') }),
  ...talkbackMessages,
]);
export type CascadeOriginMessage = z.infer<typeof cascadeOriginMessageSchema>;

export const cascadeRoomIdSchema = roomIdSchema;

/** Relay media across the link, one binary message each: a tag byte, then the item. */
export type CascadeMedia =
  | { kind: 'frame'; frame: Uint8Array; rendition: RelayRendition }
  | { kind: 'audio'; data: Uint8Array; timestamp: number; duration?: number };

/** A full frame keeps the tag it had before the renditions; an edge that predates them drops small ones. */
const FRAME_TAG = 1;
const AUDIO_TAG = 2;
const SMALL_FRAME_TAG = 3;
/** Tag, then timestamp and duration as float64 (duration NaN when absent). */
const AUDIO_HEADER_BYTES = 1 + 8 + 8;

export function encodeCascadeMedia(media: CascadeMedia): Uint8Array {
  if (media.kind === 'frame') {
    const out = new Uint8Array(1 + media.frame.byteLength);
    out[0] = media.rendition === 'small' ? SMALL_FRAME_TAG : FRAME_TAG;
    out.set(media.frame, 1);
    return out;
  }
  const out = new Uint8Array(AUDIO_HEADER_BYTES + media.data.byteLength);
  const view = new DataView(out.buffer);
  out[0] = AUDIO_TAG;
  view.setFloat64(1, media.timestamp);
  view.setFloat64(9, media.duration ?? Number.NaN);
  out.set(media.data, AUDIO_HEADER_BYTES);
  return out;
}

/** null for anything that is not a well-formed item (the edge drops it). */
export function decodeCascadeMedia(bytes: Uint8Array): CascadeMedia | null {
  if (bytes.byteLength < 2) return null;
  if (bytes[0] === FRAME_TAG) return { kind: 'frame', frame: bytes.subarray(1), rendition: 'full' };
  if (bytes[0] === SMALL_FRAME_TAG) return { kind: 'frame', frame: bytes.subarray(1), rendition: 'small' };
  if (bytes[0] !== AUDIO_TAG || bytes.byteLength <= AUDIO_HEADER_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const timestamp = view.getFloat64(1);
  const duration = view.getFloat64(9);
  if (!Number.isFinite(timestamp)) return null;
  const data = bytes.subarray(AUDIO_HEADER_BYTES);
  return Number.isNaN(duration) ? { kind: 'audio', data, timestamp } : { kind: 'audio', data, timestamp, duration };
}
