import { z } from 'zod';
import { kindOfMimeType, rtpCodecSchema } from './codec-parameters.js';
import { peerJsIdSchema } from './peerjs-signalling.js';
import { maxIncomingKbpsSchema } from './screen-layers.js';
import { nameText } from './text.js';

/**
 * Collaboration rooms: the REST bodies of spec part 7 and every room socket payload of the SFU
 * contract (helpers/sfu-contract.md). Identity and host-ness never come from these payloads: any
 * `userId`/`isHost` a client sends is accepted for compatibility with the spec's event shapes and
 * then ignored.
 *
 * Details the contract left open, as built:
 * - `peerId` in join-room's `self`/`peers`, peer-joined and user-left is the server's id for that
 *   socket in the room (its Socket.IO id). The PeerJS id a client announces with peer-ready is
 *   separate; get-peers answers, to members only, the PeerJS id(s) the host's sockets announced.
 * - join-room's data also carries `chat` (the last CHAT_HISTORY_LIMIT messages). Joining again
 *   from the same socket answers the same state; joining another room leaves the first.
 * - A signed-in non-host gets the role they joined with over REST (participant/viewer), else
 *   'viewer'; anonymous guests are 'viewer' named 'Guest User', `from` = their generated guest id.
 * - Capacity (maxParticipants) counts people other than the host; two tabs of one person count
 *   once. REST join enforces it on signed-in participants (409 room/full); join-room on everyone
 *   connected (room/full).
 * - The chat ack's data is the broadcast message. Cursor moves beyond CURSOR_MAX_PER_SECOND a room
 *   and chat beyond 20 per 10 s per person (all their tabs, on every node) are refused with
 *   `room/rate-limited` and not forwarded.
 * - stop-sharing also closes the host's 'screen' producer (guests get sfu:producer-closed).
 * - POST /api/rooms/create answers 201; join answers `{ok, role, room}`; PATCH .../peer is host-only
 *   (403 room/not-host); leave, end and peer answer `{ok:true}`.
 * - Every event other than join-room needs the room joined first (`room/not-joined`).
 */

export const ROOM_ID_LENGTH = 7;
export const ROOM_DEFAULT_SETTINGS = {
  isPublic: true,
  maxParticipants: 10,
  allowGuestAccess: true,
  tier: 'auto',
} as const;
/** Upper bound a host may choose; one SFU room on one worker serves this many comfortably. */
export const ROOM_MAX_PARTICIPANTS_LIMIT = 500;
export const ROOM_NAME_MAX_LENGTH = 100;
export const CHAT_MAX_LENGTH = 1000;
/** Messages kept per room for late joiners; older ones drop off. */
export const CHAT_HISTORY_LIMIT = 100;
/** Host cursor updates forwarded per second; extra ones are dropped (and acked as rate-limited). */
export const CURSOR_MAX_PER_SECOND = 30;
export const ROOM_CONNECTION_TIMEOUT_MS = 10_000;
export const ROOM_RECONNECT_ATTEMPTS = 3;
/** Guests without an account (spec part 3). */
export const GUEST_USER_NAME = 'Guest User';
export const GUEST_USERNAME = 'guest';

/** Program audio: stereo Opus, DTX off, up to 510 kbps (Opus' own ceiling). */
export const PROGRAM_AUDIO_MAX_BITRATE = 510_000;
export const PROGRAM_AUDIO_DEFAULT_BITRATE = 256_000;
export const PROGRAM_AUDIO_BITRATES = [128_000, 192_000, 256_000, 320_000, 510_000] as const;
/**
 * The program audio's second, smaller stream on the SFU tier: the host sends it beside the studio
 * stream, and the media node gives it to a viewer whose link cannot carry the studio stream
 * (media/src/sfu/audio-rendition.ts). Viewers never ask for it: they consume the studio stream's id.
 */
export const PROGRAM_AUDIO_THIN_BITRATE = 64_000;

export const ROOM_ROLES = ['host', 'participant', 'viewer'] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

/** Server-generated ids are 7 characters; client-made ids of the same alphabet are accepted too. */
export const roomIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a room id');
export const roomIdParamsSchema = z.object({ roomId: roomIdSchema });

/**
 * The media tier a room's guests use: 'auto' tries the SFU, then peer-to-peer, then the relay
 * (ARCHITECTURE.md "Choose a tier and fall back"); the others force one. A guest's `?tier=` URL parameter still wins (operators, tests).
 */
export const ROOM_TIERS = ['auto', 'sfu', 'p2p', 'relay'] as const;
export const roomTierSchema = z.enum(ROOM_TIERS);
export type RoomTier = z.infer<typeof roomTierSchema>;

export const roomSettingsSchema = z.object({
  isPublic: z.boolean(),
  maxParticipants: z.number().int().min(1).max(ROOM_MAX_PARTICIPANTS_LIMIT),
  allowGuestAccess: z.boolean(),
  tier: roomTierSchema,
});
export type RoomSettings = z.infer<typeof roomSettingsSchema>;

/** Settings as a host sends them: every field optional, defaults of spec part 9. */
export const roomSettingsInputSchema = z
  .object({
    isPublic: z.boolean().default(ROOM_DEFAULT_SETTINGS.isPublic),
    maxParticipants: z
      .number()
      .int()
      .min(1)
      .max(ROOM_MAX_PARTICIPANTS_LIMIT)
      .nullable()
      .optional()
      .transform((value) => value ?? ROOM_DEFAULT_SETTINGS.maxParticipants),
    allowGuestAccess: z.boolean().default(ROOM_DEFAULT_SETTINGS.allowGuestAccess),
    tier: roomTierSchema.default(ROOM_DEFAULT_SETTINGS.tier),
  })
  .default({ ...ROOM_DEFAULT_SETTINGS });

// ---------------------------------------------------------------- REST

/**
 * A private room (`isPublic: false`) admits its host and the people the host follows (the host's
 * 'Invite Collaborators' list); everyone else, and every anonymous guest, gets this (docs/security.md).
 */
export const PRIVATE_ROOM_MESSAGE = 'This room is private. Only people the host invited can join.';

/** POST /api/rooms/create. `baseUrl` is where the client serves invite links; kept for the record. */
export const createRoomBodySchema = z.object({
  name: nameText(ROOM_NAME_MAX_LENGTH, 'Room name'),
  baseUrl: z.string().trim().max(500).optional(),
  settings: roomSettingsInputSchema,
});
export type CreateRoomBody = z.input<typeof createRoomBodySchema>;
export type CreateRoomInput = z.output<typeof createRoomBodySchema>;

export const createRoomResponseSchema = z.object({
  room: z.object({ roomId: z.string(), name: z.string(), settings: roomSettingsSchema }),
});
export type CreateRoomResponse = z.infer<typeof createRoomResponseSchema>;

/**
 * GET /api/rooms/live/mine: the caller's newest room that has not ended, or null. Start Hosting and a
 * reload of the host screen resume it instead of creating another room.
 */
export const myLiveRoomResponseSchema = z.object({ room: createRoomResponseSchema.shape.room.nullable() });

/**
 * PATCH /api/rooms/{roomId}/peer (spec part 7): the host's PeerJS id, stored and never published over
 * HTTP; members get it from get-peers.
 */
export const roomPeerBodySchema = z.object({ peerId: z.string().trim().min(1).max(128) });
export type RoomPeerBody = z.infer<typeof roomPeerBodySchema>;

/** PATCH /api/rooms/{roomId}/settings (host only): what the host may change while the room runs. */
export const roomSettingsPatchSchema = z.object({ tier: roomTierSchema });
export type RoomSettingsPatch = z.infer<typeof roomSettingsPatchSchema>;

/** POST /api/rooms/{roomId}/join. 'host' is granted only to the room's host; others get what they ask. */
export const joinRoomBodySchema = z.object({ role: z.enum(ROOM_ROLES).default('participant') });
export type JoinRoomBody = z.input<typeof joinRoomBodySchema>;

export const roomParticipantSchema = z.object({
  /** null for an anonymous guest (sockets only; REST joins are always signed in). */
  firebase_uid: z.string().nullable(),
  user_name: z.string(),
  role: z.enum(ROOM_ROLES),
});
export type RoomParticipant = z.infer<typeof roomParticipantSchema>;

export const roomHostSchema = z.object({ firebase_uid: z.string(), user_name: z.string() });
export type RoomHost = z.infer<typeof roomHostSchema>;

/**
 * GET /api/rooms/{roomId} (no auth). Participants are the signed-in users who joined and did not
 * leave. The host's PeerJS id is not here: it reaches members only, through get-peers.
 */
export const roomViewSchema = z.object({
  roomId: z.string(),
  name: z.string(),
  settings: roomSettingsSchema,
  host: roomHostSchema,
  participants: z.array(roomParticipantSchema),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type RoomView = z.infer<typeof roomViewSchema>;
export const roomResponseSchema = z.object({ room: roomViewSchema });
export type RoomResponse = z.infer<typeof roomResponseSchema>;

/** What leave, end and peer answer (and mark-read in messages): `{ok:true}`; join adds role and room (rest-routes.ts). */
export const okResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- socket: client -> server

/** The spec's join-room/peer-ready carry userId and isHost; they are read and ignored. */
const ignoredIdentity = { userId: z.unknown().optional(), isHost: z.unknown().optional() };

export const roomOnlyPayloadSchema = z.object({ roomId: roomIdSchema });
export type RoomOnlyPayload = z.infer<typeof roomOnlyPayloadSchema>;

export const joinRoomPayloadSchema = z.object({ roomId: roomIdSchema, ...ignoredIdentity });
export type JoinRoomPayload = z.input<typeof joinRoomPayloadSchema>;

/**
 * peer-ready, any member: the sender's PeerJS id. The host's is what get-peers hands the members; a
 * guest's is recorded so the host can check who dials it (p2p:verify-peer). An id another member
 * announced is refused (p2p/peer-taken). `isHost` is ignored: the room's record says who hosts.
 */
export const peerReadyPayloadSchema = z.object({
  roomId: roomIdSchema,
  peerId: peerJsIdSchema,
  ...ignoredIdentity,
});
export type PeerReadyPayload = z.input<typeof peerReadyPayloadSchema>;

export const chatIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be a message id');

export const chatPayloadSchema = z.object({
  roomId: roomIdSchema,
  message: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(CHAT_MAX_LENGTH, `must be at most ${CHAT_MAX_LENGTH} characters`),
  /**
   * The sender's own id for this message (a UUID). A message may also travel host <-> guest over a
   * peer-to-peer data connection; the server echoes the id so each screen shows it once. An id a
   * message of the room's history already has is refused (chat/id-taken), and screens know a
   * message by its sender and id together.
   */
  id: chatIdSchema.optional(),
});
export type ChatPayload = z.input<typeof chatPayloadSchema>;

/** Normalised to the shared screen: 0,0 top left, 1,1 bottom right. */
export const cursorMovePayloadSchema = z.object({
  roomId: roomIdSchema,
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type CursorMovePayload = z.infer<typeof cursorMovePayloadSchema>;

/**
 * mediasoup's own structures (RTP capabilities and parameters, DTLS and ICE parameters) travel as
 * objects; their shape is checked here at the top level and in full by mediasoup itself, whose
 * refusal becomes an error ack. The client casts them to mediasoup-client's types.
 */
export const mediasoupObjectSchema = z.record(z.string(), z.unknown());
export type MediasoupObject = z.infer<typeof mediasoupObjectSchema>;

export const dtlsParametersSchema = z.looseObject({
  role: z.enum(['auto', 'client', 'server']).optional(),
  fingerprints: z
    .array(z.object({ algorithm: z.string().min(1).max(32), value: z.string().min(1).max(256) }))
    .min(1)
    .max(8),
});
export const rtpCapabilitiesSchema = z.looseObject({ codecs: z.array(mediasoupObjectSchema).max(200).optional() });
/** A producer's RTP parameters: its codecs checked (codec-parameters.ts), the rest left to mediasoup. */
export const rtpParametersSchema = z.looseObject({ codecs: z.array(rtpCodecSchema).min(1).max(50) });

const sfuIdSchema = z.string().min(1).max(64);

export const TRANSPORT_DIRECTIONS = ['send', 'recv'] as const;
export const MEDIA_KINDS = ['audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
/** 'screen' is the shared screen's video; 'program-audio' the host's studio audio (tab or an input). */
export const MEDIA_SOURCES = ['screen', 'program-audio'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

export const createTransportPayloadSchema = z.object({
  roomId: roomIdSchema,
  direction: z.enum(TRANSPORT_DIRECTIONS),
  /** A receiving transport only: the viewer's cap (screen-layers.ts). */
  maxIncomingKbps: maxIncomingKbpsSchema.optional(),
});
export type CreateTransportPayload = z.infer<typeof createTransportPayloadSchema>;

export const connectTransportPayloadSchema = z.object({
  roomId: roomIdSchema,
  transportId: sfuIdSchema,
  dtlsParameters: dtlsParametersSchema,
});
export type ConnectTransportPayload = z.infer<typeof connectTransportPayloadSchema>;

export const producePayloadSchema = z
  .object({
    roomId: roomIdSchema,
    transportId: sfuIdSchema,
    kind: z.enum(MEDIA_KINDS),
    rtpParameters: rtpParametersSchema,
    source: z.enum(MEDIA_SOURCES),
    /** 'thin': the program audio's smaller stream (PROGRAM_AUDIO_THIN_BITRATE), sent before the studio one. */
    rendition: z.literal('thin').optional(),
  })
  .refine((p) => (p.source === 'screen') === (p.kind === 'video'), {
    message: "source 'screen' is video and 'program-audio' is audio",
    path: ['source'],
  })
  .refine((p) => p.rendition === undefined || p.source === 'program-audio', {
    message: "only 'program-audio' has a thin rendition",
    path: ['rendition'],
  })
  .refine((p) => p.rtpParameters.codecs.every((codec) => kindOfMimeType(codec.mimeType) === p.kind), {
    message: 'every codec must be of the kind produced',
    path: ['rtpParameters', 'codecs'],
  });
export type ProducePayload = z.infer<typeof producePayloadSchema>;

export const closeProducerPayloadSchema = z.object({ roomId: roomIdSchema, producerId: sfuIdSchema });
export type CloseProducerPayload = z.infer<typeof closeProducerPayloadSchema>;

export const consumePayloadSchema = z.object({
  roomId: roomIdSchema,
  transportId: sfuIdSchema,
  producerId: sfuIdSchema,
  rtpCapabilities: rtpCapabilitiesSchema,
});
export type ConsumePayload = z.infer<typeof consumePayloadSchema>;

/**
 * sfu:close-transports, any member: the caller abandons the SFU tier (it fell back to another
 * tier). The server closes the caller's own transports, and with them its producers and consumers;
 * nobody else's. When the host does it, the room's guests hear `sfu:host-closed`, and until the
 * host creates a send transport again, a guest's `sfu:router-capabilities` is refused with
 * `sfu/host-off-sfu`, so a late joiner goes straight to the next tier instead of waiting on an SFU
 * that will never carry the host's media.
 */
export const closeTransportsPayloadSchema = z.object({ roomId: roomIdSchema });
export type CloseTransportsPayload = z.infer<typeof closeTransportsPayloadSchema>;

/**
 * sfu:host-returned, server -> the room's guests: the host, after leaving the SFU (sfu:close-transports,
 * or leaving the room while off it), is producing on it again. A guest on a fallback tier tries the
 * SFU once and moves up only if that attempt connects. The client checks it before acting on it.
 */
export const sfuHostReturnedPayloadSchema = z.object({ roomId: roomIdSchema });
export type SfuHostReturnedPayload = z.infer<typeof sfuHostReturnedPayloadSchema>;

export const resumeConsumerPayloadSchema = z.object({ roomId: roomIdSchema, consumerId: sfuIdSchema });
export type ResumeConsumerPayload = z.infer<typeof resumeConsumerPayloadSchema>;
