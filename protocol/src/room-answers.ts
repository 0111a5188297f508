import { z } from 'zod';
import { MEDIA_KINDS, MEDIA_SOURCES, mediasoupObjectSchema, ROOM_ROLES, roomViewSchema } from './rooms.js';
import { liveRecordingSchema } from './recordings.js';
import { roomControlsSchema } from './room-controls.js';

/** A guest token is about 100 characters; anything much longer is not one of ours. */
export const GUEST_TOKEN_MAX_LENGTH = 256;
import { screenLayerModeSchema } from './screen-layers.js';

/**
 * What the media node sends in the rooms protocol: the data of its acks (socket-requests.ts names
 * which request answers which) and the shapes of its room events (realtime.ts).
 */

/** One member of a live room. `peerId` is the server's id for this socket in the room. */
export const roomPeerSchema = z.object({
  peerId: z.string(),
  firebase_uid: z.string().nullable(),
  user_name: z.string(),
  role: z.enum(ROOM_ROLES),
});
export type RoomPeer = z.infer<typeof roomPeerSchema>;

export const chatMessageSchema = z.object({
  /** The sender's uid, or the guest id the server gave an anonymous socket. */
  from: z.string(),
  fromName: z.string(),
  message: z.string(),
  /** ISO 8601, set by the server. */
  timestamp: z.string(),
  /** The sender's id for the message when it gave one (chatPayloadSchema). */
  id: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** join-room's ack. */
export const joinRoomResultSchema = z.object({
  room: roomViewSchema,
  self: roomPeerSchema,
  /** The other members currently connected, host included. */
  peers: z.array(roomPeerSchema),
  hostOnline: z.boolean(),
  /** Whether the host currently has a 'screen' producer. */
  sharing: z.boolean(),
  /** Recent chat, oldest first, so a late joiner sees the conversation. */
  chat: z.array(chatMessageSchema),
  /** The recording in progress, so a joiner is told on arrival; null when none runs. */
  recording: liveRecordingSchema.nullable().default(null),
  /**
   * Who may join now, as the room holds it (room:controls): a host coming back after a reload sees
   * its controls as they are, the lock included.
   */
  controls: roomControlsSchema,
  /**
   * An anonymous guest's identity, signed by the server and short-lived: presented at the next
   * handshake (`auth.guest`), it makes the guest the same guest again after a drop or a restart.
   * Absent for a signed-in user.
   */
  guestToken: z.string().max(GUEST_TOKEN_MAX_LENGTH).optional(),
});
export type JoinRoomResult = z.infer<typeof joinRoomResultSchema>;

export const producerInfoSchema = z.object({
  producerId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  source: z.enum(MEDIA_SOURCES),
});
export type ProducerInfo = z.infer<typeof producerInfoSchema>;

/** sfu:router-capabilities' ack; `screenLayers` tells the host how to encode its screen (SCREEN_LAYERS). */
export const routerCapabilitiesSchema = z.object({
  rtpCapabilities: mediasoupObjectSchema,
  screenLayers: screenLayerModeSchema.optional(),
});
export type RouterCapabilities = z.infer<typeof routerCapabilitiesSchema>;

/** sfu:create-transport's ack. */
export const transportInfoSchema = z.object({
  id: z.string(),
  iceParameters: mediasoupObjectSchema,
  iceCandidates: z.array(mediasoupObjectSchema),
  dtlsParameters: mediasoupObjectSchema,
});
export type TransportInfo = z.infer<typeof transportInfoSchema>;

/** sfu:produce's ack. */
export const producedSchema = z.object({ producerId: z.string() });
export type Produced = z.infer<typeof producedSchema>;

/** sfu:consume's ack. */
export const consumerInfoSchema = z.object({
  id: z.string(),
  producerId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  rtpParameters: mediasoupObjectSchema,
  source: z.enum(MEDIA_SOURCES),
});
export type ConsumerInfo = z.infer<typeof consumerInfoSchema>;

/** participant-joined / participant-left: who came or went (guests have firebase_uid null). */
export type ParticipantEvent = RoomPeer;

export interface RoomUpdate {
  /** Connected members other than the host. */
  participantCount: number;
  hostOnline: boolean;
}

/** 'worker-recycled': the worker was replaced on purpose (memory watch), same recovery. */
export const SFU_RECONNECT_REASONS = ['worker-died', 'worker-recycled'] as const;
export type SfuReconnectReason = (typeof SFU_RECONNECT_REASONS)[number];
