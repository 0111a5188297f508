import { z } from 'zod';
import type { Message } from './messages.js';
import type { NotificationItem } from './notifications.js';
import type { IncomingBooking, OutgoingBooking } from './sessions.js';
import type { ChatMessage, ParticipantEvent, ProducerInfo, RoomUpdate, SfuReconnectReason } from './room-answers.js';
import type { RoomTier, SfuHostReturnedPayload } from './rooms.js';
import type { RoomControls } from './room-controls.js';
import type { TalkbackSpeaking, TalkbackState } from './talkback.js';
import type { RecordingState } from './recordings.js';
import type { SfuLayers } from './screen-layers.js';
import type { AudioChunks, RelayDemand, ScreenFrame } from './relay.js';
import { uidSchema } from './user.js';
import { GUEST_TOKEN_MAX_LENGTH } from './room-answers.js';

/** register-user's payload (socket-requests.ts): the uid the socket listens as. */
export const registerUserPayloadSchema = uidSchema;

/** Events the server sends (spec part 7, "Received events"). */
/** server-draining: how long the server waits for live rooms to end before it closes anyway. */
export interface ServerDraining {
  /** Seconds from now, at most (DRAIN_TIMEOUT_S). */
  closesWithinSeconds: number;
}

/** The room banner's text while the server drains (spec part 2's plain style). */
export const SERVER_DRAINING_MESSAGE =
  'This server is restarting soon. Your session carries on; new people cannot join right now.';

export interface ServerToClientEvents {
  'new-message': (message: Message) => void;
  /** To the target of a booking request, on every socket of theirs. */
  'new-booking-request': (request: IncomingBooking) => void;
  /** To the requester, on every socket of theirs, once the host accepted or declined. */
  'booking-answered': (booking: OutgoingBooking) => void;
  /** A new item in the notification centre, on every socket of its person (issue 35). */
  notification: (notification: NotificationItem) => void;
  // Rooms (spec part 7 names).
  /** A socket joined; `firebase_uid` (null for a guest) lets a list show two tabs of one person once. */
  'peer-joined': (peer: ParticipantEvent) => void;
  'user-left': (peer: { peerId: string }) => void;
  chat: (message: ChatMessage) => void;
  'participant-joined': (participant: ParticipantEvent) => void;
  'participant-left': (participant: ParticipantEvent) => void;
  'room-update': (update: RoomUpdate) => void;
  /** The host changed the room's tier (PATCH .../settings): guests choose their tier again. */
  'room-settings': (settings: { tier: RoomTier }) => void;
  'host-left': (payload: Record<string, never>) => void;
  /** The host changed who may join (room:controls). */
  'room-controls': (controls: RoomControls) => void;
  /** To every socket of a person the host removed (room:remove), just before they leave the room. */
  'removed-from-room': (payload: { roomId: string }) => void;
  /** The room's recording started or stopped (the '● Recording' indicator); a message says why it stopped. */
  'recording-state': (state: RecordingState) => void;
  'cursor-move': (position: { x: number; y: number }) => void;
  'stop-sharing': (payload: Record<string, never>) => void;
  /** The host ended the room; the server closes its media and this socket right after. */
  'room-ended': (payload: { roomId: string }) => void;
  // SFU signalling.
  'sfu:new-producer': (producer: ProducerInfo) => void;
  'sfu:producer-closed': (payload: { producerId: string }) => void;
  /**
   * Consume this producer again: the media node makes the new consumer to suit the viewer's link
   * (program audio resent or not), and drops the old one once the new one is resumed.
   */
  'sfu:renew-consumer': (payload: { producerId: string }) => void;
  /** The room's worker died and the room was rebuilt: drop transports and set them up again. */
  'sfu:reconnect': (payload: { reason: SfuReconnectReason }) => void;
  /** The host abandoned the SFU (sfu:close-transports): choose a tier again, without the SFU. */
  'sfu:host-closed': (payload: Record<string, never>) => void;
  /** The host is producing on the SFU again after leaving it (rooms.ts sfuHostReturnedPayloadSchema). */
  'sfu:host-returned': (payload: SfuHostReturnedPayload) => void;
  /** To one viewer: the layers its screen consumer forwards now (screen-layers.ts). */
  'sfu:layers': (payload: SfuLayers) => void;
  // Relay tier (relay.ts): the guest calls `ack` once it has taken the item, which frees its lane.
  'screen-frame': (payload: ScreenFrame, ack: () => void) => void;
  'audio-chunks': (payload: AudioChunks, ack: () => void) => void;
  'relay:demand': (payload: RelayDemand) => void;
  /**
   * The server is shutting down for a restart: the room goes on until it ends, but nobody new may
   * join (join-room answers server/draining meanwhile). The client shows a calm banner.
   */
  'server-draining': (payload: ServerDraining) => void;
  /** The room's talkback changed: talkers, host mutes, levels, ducking (talkback.ts). */
  'talkback-state': (state: TalkbackState) => void;
  /** Who is speaking on talkback now, when that changes (talkback.ts). */
  'talkback-speaking': (speaking: TalkbackSpeaking) => void;
}

/**
 * What the handshake may carry: the ID token, or nothing for an anonymous guest. A guest coming back
 * presents the guest token join-room gave it (JoinRoomResult.guestToken) to be the same guest again.
 */
export const socketHandshakeAuthSchema = z.object({
  token: z.string().min(1).max(8192).optional(),
  guest: z.string().min(1).max(GUEST_TOKEN_MAX_LENGTH).optional(),
});
