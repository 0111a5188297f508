import { z } from 'zod';
import { ROOM_MAX_PARTICIPANTS_LIMIT, roomIdSchema, roomSettingsSchema } from './rooms.js';

/** What a person removed from a room sees (a signed-in one cannot join that room again). */
export const REMOVED_FROM_ROOM_MESSAGE = 'You were removed from this room';
/** join-room's refusal while the host has the room locked. */
export const ROOM_LOCKED_MESSAGE = 'This room is locked. Nobody new can join right now.';

/**
 * room:controls, host only: who may join, live. Guest access, maximum participants and public or
 * private are kept with the room; a lock lasts while the room is live. Fields left out stay as they
 * are. People already in the room stay; the rules apply to the next join.
 */
export const roomControlsPayloadSchema = z.object({
  roomId: roomIdSchema,
  allowGuestAccess: z.boolean().optional(),
  maxParticipants: z.number().int().min(1).max(ROOM_MAX_PARTICIPANTS_LIMIT).optional(),
  isPublic: z.boolean().optional(),
  locked: z.boolean().optional(),
  /** Whether anonymous guests may talk back (talkback.ts); off until the host turns it on. */
  allowGuestTalkback: z.boolean().optional(),
});
export type RoomControlsPayload = z.input<typeof roomControlsPayloadSchema>;

/** room:controls' answer, and the room-controls event its other members hear. */
export const roomControlsSchema = z.object({
  settings: roomSettingsSchema,
  locked: z.boolean(),
  /** Kept, like the lock, for the room's life. */
  allowGuestTalkback: z.boolean(),
});
export type RoomControls = z.infer<typeof roomControlsSchema>;

/** room:remove, host only: the person one of whose sockets is `peerId` leaves the room, every tab. */
export const removeParticipantPayloadSchema = z.object({ roomId: roomIdSchema, peerId: z.string().min(1).max(64) });
export type RemoveParticipantPayload = z.input<typeof removeParticipantPayloadSchema>;
