import type { HostGraceInfo, RoomSettings, RoomView } from '@riffroom/protocol';

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
  /**
   * The room's host is gone from this node: its grace period (`graceMs`, ROOM_HOST_GRACE_S) starts,
   * kept with the room so a restart resumes it; a grace already running is answered as it is. null
   * when the room is unknown or has ended.
   */
  hostGone(roomId: string, graceMs: number): Promise<HostGraceInfo | null>;
  /** The host is back: the grace period stops. */
  hostBack(roomId: string): Promise<void>;
  /** Every grace period running, for a node that starts. */
  hostGraces(): Promise<HostGraceInfo[]>;
  /**
   * Only where this node is the only one (a single box without Redis): at its start nobody is in any
   * room, so every live room's host is gone, and its grace period starts unless one runs.
   */
  hostsGoneAtStart?(graceMs: number): Promise<void>;
  /** The grace `graceId` ran out: the room ends if it still runs (room-ended follows). */
  expire(roomId: string, graceId: string): Promise<void>;
  /** The host removed this person (a uid or a guest's id): they may not join the room again. */
  remove(roomId: string, personKey: string): Promise<void>;
  /** Whether the host removed this person from the room, on any node. */
  isRemoved(roomId: string, personKey: string): Promise<boolean>;
  /** The host changed who may join (room:controls): kept with the room, read by the next join. */
  saveSettings(roomId: string, settings: RoomSettings): Promise<void>;
}
