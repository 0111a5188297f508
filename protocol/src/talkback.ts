import { z } from 'zod';
import { mediasoupObjectSchema, roomIdSchema, rtpParametersSchema } from './rooms.js';

/**
 * Talkback (issue 17): people in a room talk to it with a microphone, apart from the host's
 * program audio. A talker's mic is an audio producer on the room's router, whatever tier the
 * room's video uses, so listeners on the SFU and P2P tiers all consume it from there. The talkback
 * media rides its own transports (talkback:create-transport), so a client's tier fallback
 * (sfu:close-transports) never cuts its talkback.
 *
 * Who may talk: the host and signed-in members; anonymous guests only while the host allows it
 * (room:controls `allowGuestTalkback`, off by default). One mic per person at a time. The server
 * sets who a producer belongs to from the verified identity; nothing in a payload names a talker
 * but the host's mute and level, which name a member's socket.
 */

/** Where a mic producer comes from, in its mediasoup appData (the recorder reads it too). */
export const TALKBACK_SOURCE = 'talkback';

/** What a relay guest sees: its tier has no WebRTC, so talkback cannot reach it. */
export const RELAY_NO_TALKBACK_MESSAGE = 'Talkback is not available in relay mode: relay guests cannot hear talkback.';
/** The talker's own screen after the host muted them. */
export const MUTED_BY_HOST_MESSAGE = 'Muted by host';
/** talkback:produce's refusal for a guest while guest talkback is off. */
export const GUEST_TALKBACK_OFF_MESSAGE = 'The host has not allowed guests to talk.';

/** Talker level bounds: a listener's gain on that talker's voice (1 = as sent). */
export const TALKBACK_LEVEL_MIN = 0;
export const TALKBACK_LEVEL_MAX = 1;
export const TALKBACK_DEFAULT_LEVEL = 1;
/** "Dim program audio while someone talks": the program's gain at each listener meanwhile. */
export const TALKBACK_DUCKED_PROGRAM_GAIN = 0.25;

const sfuIdSchema = z.string().min(1).max(64);
const memberPeerIdSchema = z.string().min(1).max(64);

/** talkback:create-transport: a transport of the caller's talkback, 'send' to talk or 'recv' to listen. */
export const talkbackTransportPayloadSchema = z.object({
  roomId: roomIdSchema,
  direction: z.enum(['send', 'recv']),
});

/** The one codec a talkback mic may send (issue 34 item 6: no video through the talkback "mic"). */
export const TALKBACK_MIME_TYPE = 'audio/opus';

/**
 * talkback:produce: the caller's mic on its talkback send transport: Opus only, one encoding (a
 * voice has no layers). The bitrate a talker may send is the media node's (TALKBACK_MAX_KBPS).
 */
export const talkbackProducePayloadSchema = z.object({
  roomId: roomIdSchema,
  transportId: sfuIdSchema,
  rtpParameters: rtpParametersSchema
    .refine((p) => p.codecs.every((codec) => codec.mimeType.toLowerCase() === TALKBACK_MIME_TYPE), {
      message: `a talkback mic sends ${TALKBACK_MIME_TYPE} only`,
      path: ['codecs'],
    })
    .refine((p) => !Array.isArray(p.encodings) || p.encodings.length <= 1, {
      message: 'a talkback mic has one encoding',
      path: ['encodings'],
    }),
});

/** talkback:consume: one talker's voice on the caller's talkback recv transport. */
export const talkbackConsumePayloadSchema = z.object({
  roomId: roomIdSchema,
  transportId: sfuIdSchema,
  producerId: sfuIdSchema,
  rtpCapabilities: z.looseObject({ codecs: z.array(z.record(z.string(), z.unknown())).max(200).optional() }),
});

/** talkback:consume's ack: a consumer of one talker's voice, playing at once (talkback-media.ts says why). */
export const talkbackConsumerSchema = z.object({
  id: z.string(),
  producerId: z.string(),
  rtpParameters: z.record(z.string(), z.unknown()),
});
export type TalkbackConsumer = z.infer<typeof talkbackConsumerSchema>;

/** talkback:mute, host only: pause (muted) or resume one talker's mic on the server. */
export const talkbackMutePayloadSchema = z.object({
  roomId: roomIdSchema,
  peerId: memberPeerIdSchema,
  muted: z.boolean(),
});

/** talkback:level, host only: the level every listener applies to one talker's voice. */
export const talkbackLevelPayloadSchema = z.object({
  roomId: roomIdSchema,
  peerId: memberPeerIdSchema,
  level: z.number().min(TALKBACK_LEVEL_MIN).max(TALKBACK_LEVEL_MAX),
});

/** talkback:ducking, host only: dim program audio at each listener while anyone talks. */
export const talkbackDuckingPayloadSchema = z.object({ roomId: roomIdSchema, duckProgram: z.boolean() });

/** One talker as the room sees them. `peerId` is the talker's socket in the room. */
export const talkerSchema = z.object({
  peerId: z.string(),
  firebase_uid: z.string().nullable(),
  displayName: z.string(),
  producerId: z.string(),
  mutedByHost: z.boolean(),
  level: z.number(),
});
export type Talker = z.infer<typeof talkerSchema>;

/** The room's talkback: the ack of talkback:state and the talkback-state event on each change. */
export const talkbackStateSchema = z.object({
  duckProgram: z.boolean(),
  /** Whether guests may talk (the room:controls setting, repeated here for the guests' Talk button). */
  allowGuestTalkback: z.boolean(),
  talkers: z.array(talkerSchema),
});
export type TalkbackState = z.infer<typeof talkbackStateSchema>;

/**
 * talkback:state's ack: the state, and the router's RTP capabilities, which a member on the P2P
 * tier (whose sfu:router-capabilities may be refused while the host is off the SFU) needs to talk.
 */
export const talkbackJoinSchema = talkbackStateSchema.extend({ rtpCapabilities: mediasoupObjectSchema });

/**
 * talkback-speaking, server -> room: who is speaking now, from the router's AudioLevelObserver.
 * Sent only when the set changes, at most once per observer interval (TALKBACK_LEVEL_INTERVAL_MS).
 */
export const talkbackSpeakingSchema = z.object({
  speakers: z.array(z.object({ peerId: z.string(), firebase_uid: z.string().nullable() })),
});
export type TalkbackSpeaking = z.infer<typeof talkbackSpeakingSchema>;
