import { z } from 'zod';
import { roomIdSchema } from './rooms.js';

/**
 * The relay tier (ARCHITECTURE.md "Choose a tier and fall back"): the host sends JPEG frames and Opus program-audio chunks over the
 * room socket, the media node forwards them to every other member of the room. A browser receives
 * binary fields as ArrayBuffer; the media node receives them as Buffer.
 */

/** The guest paints the relay frames on a canvas of this size (spec part 9). */
export const RELAY_CANVAS_WIDTH = 1280;
export const RELAY_CANVAS_HEIGHT = 720;

/**
 * The relay picture comes in two renditions (beyond the spec): `full` at the canvas size, and
 * `small` at half of it each way, about a quarter of the bytes, for guests whose link cannot carry
 * full frames at a useful rate. The media node chooses per guest from its measured deliveries and
 * tells the host how many guests want each (relay:demand); the guest paints either onto its canvas.
 */
export const relayRenditionSchema = z.enum(['full', 'small']);
export type RelayRendition = z.infer<typeof relayRenditionSchema>;
export const RELAY_SMALL_WIDTH = 640;
export const RELAY_SMALL_HEIGHT = 360;
/** One JPEG frame may be at most this large; a bigger one is refused with `relay/frame-too-large`. */
export const SCREEN_FRAME_MAX_BYTES = 1024 * 1024;
/** Frames a host may send per second; extra frames are refused with `room/rate-limited`. */
export const SCREEN_FRAME_MAX_PER_SECOND = 30;
/**
 * One encoded program-audio chunk (an Opus packet from WebCodecs, or a MediaRecorder slice) may be
 * at most this large; 64 KiB holds a full second at Opus' 510 kbps ceiling.
 */
export const AUDIO_CHUNK_MAX_BYTES = 64 * 1024;
/** Audio chunks a host may send per second: 10 ms Opus packets are the smallest sensible unit. */
export const AUDIO_CHUNK_MAX_PER_SECOND = 200;
/**
 * How long the media node waits for a guest's ack of one delivery before it sends the next one
 * anyway: a guest that died without disconnecting must not hold its lane forever.
 */
export const RELAY_ACK_TIMEOUT_MS = 5000;
/**
 * Audio chunks per `audio-chunks` message. Each chunk's bytes are one binary attachment, and
 * Socket.IO's parser (socket.io-parser 4.2.x, `maxAttachments` 10 by default) treats a message with
 * more as an attack and drops the connection; a bigger batch goes out as several messages, of which
 * only the last one's ack ends the delivery.
 */
export const AUDIO_CHUNKS_PER_MESSAGE = 8;

export type BinaryData = Uint8Array | ArrayBuffer;
/**
 * Binary fields: a browser sends a Uint8Array or an ArrayBuffer, and the media node receives either
 * as a Buffer, so what it reads is always a Uint8Array.
 */
export const binarySchema = z
  .custom<BinaryData>((value) => value instanceof Uint8Array, { message: 'must be binary data' })
  .transform((value) => value as Uint8Array);

/**
 * screen-frame, host to server. `roomId` defaults to the room the socket joined (the spec's event is
 * `screen-frame {frame}`); when given it must be that room. `rendition` defaults to `full`, so a
 * host that predates the renditions keeps working. The host should wait for a frame's ack before
 * sending the next of that rendition (and skip frames meanwhile), so its own upload never queues.
 */
export const screenFramePayloadSchema = z.object({
  roomId: roomIdSchema.optional(),
  frame: binarySchema,
  rendition: relayRenditionSchema.default('full'),
});
export type ScreenFramePayload = z.input<typeof screenFramePayloadSchema>;

/**
 * audio-chunk, host to server: one encoded Opus chunk with the encoder's timestamp. Send chunks a
 * guest can decode on their own (WebCodecs AudioEncoder packets, codec 'opus', 48 kHz stereo):
 * the relay may drop the oldest ones for a slow guest, and a guest that joins late starts with
 * whatever comes next, so a stream whose first chunk carries a container header (MediaRecorder's
 * WebM) would be undecodable for them.
 */
export const audioChunkPayloadSchema = z.object({
  roomId: roomIdSchema.optional(),
  data: binarySchema,
  /** Microseconds, as WebCodecs' EncodedAudioChunk.timestamp. */
  timestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Microseconds, when the encoder knows it. */
  duration: z.number().int().min(0).max(60_000_000).optional(),
});
export type AudioChunkPayload = z.input<typeof audioChunkPayloadSchema>;

/**
 * relay:subscribe, any member: a guest that falls back to the relay tier subscribes, and
 * unsubscribes when it leaves that tier. Only subscribers get frames and audio, so guests on the
 * SFU or peer-to-peer tiers never download relay frames.
 */
export const relaySubscribePayloadSchema = z.object({ roomId: roomIdSchema, subscribe: z.boolean() });
export type RelaySubscribePayload = z.infer<typeof relaySubscribePayloadSchema>;

/**
 * relay:demand, server to the room whenever the number of subscribed guests, or how many of them
 * are on the small rendition, changes (and to a socket joining a room that has some), and the
 * relay:subscribe ack. The host encodes full frames only while `guests - small` is above zero and
 * small ones only while `small` is; `small` defaults to 0 for a server that predates it.
 */
export const relayDemandSchema = z
  .object({ guests: z.number().int().nonnegative(), small: z.number().int().nonnegative().default(0) })
  .refine((demand) => demand.small <= demand.guests, { message: 'small guests cannot outnumber the guests' });
export type RelayDemand = z.infer<typeof relayDemandSchema>;

/** Server to guest: `screen-frame {frame}` (spec part 7); the guest acks once it has painted. */
export interface ScreenFrame {
  frame: BinaryData;
}
/** One relayed audio chunk as a guest receives it. */
export interface RelayedAudioChunk {
  data: BinaryData;
  timestamp: number;
  duration?: number;
}
/**
 * Server to guest: `audio-chunks {chunks}`, oldest first. While a guest is still acking the previous
 * batch, new chunks wait and travel together in the next one, so audio keeps up however long the
 * round trip is.
 */
export interface AudioChunks {
  chunks: RelayedAudioChunk[];
}

/** The host's ack of screen-frame and audio-chunk: how many subscribed guests the item was handed to. */
export const relayAcceptedSchema = z.object({ guests: z.number().int().nonnegative() });
export type RelayAccepted = z.infer<typeof relayAcceptedSchema>;
