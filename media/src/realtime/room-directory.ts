import type { RoomSettings, RoomView } from '@riffroom/protocol';

/**
 * How the media node learns about rooms without importing the API (ARCHITECTURE.md "Topology"). On one box
 * scripts/box/compose.ts answers in-process from the API's room service; a media node of the
 * scaled setup asks the API's internal routes (scale/http-room-directory.ts).
 */
export interface RoomDirectory {
  /** The live room, or null when it is unknown or has ended. */
  get(roomId: string): Promise<RoomView | null>;
  /** Whether the room lets this caller in: always for a public room; for a private one its invitees only. */
  admits(roomId: string, uid: string | null): Promise<boolean>;
  /** A signed-in user's display name, or null without a profile. */
  userName(uid: string): Promise<string | null>;
  /** The host has been gone longer than the grace period: the room ends (room-ended follows). */
  expire(roomId: string): Promise<void>;
  /** The host changed who may join (room:controls): kept with the room, read by the next join. */
  saveSettings(roomId: string, settings: RoomSettings): Promise<void>;
}
