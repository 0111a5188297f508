import type { ChatMessage, LiveRecording } from '@riffroom/protocol';
import type { HostSfuEvent, HostSfuPresence } from '../host-sfu-presence.js';

/** One socket's place in a room, as admission counts it: the person (uid or guest id) and whether it is the host. */
export interface Seat {
  socketId: string;
  key: string;
  isHost: boolean;
}

/** What admission checks against: the room's limit (people other than the host) and sockets per person. */
export interface SeatRules {
  maxParticipants: number;
  socketsPerPerson: number;
}

export type SeatResult =
  { ok: true; firstOfKey: boolean } | { ok: false; code: 'room/locked' | 'room/too-many-sockets' | 'room/full' };

/** The host's decisions every node must apply alike (the removals are the room directory's). */
export interface SharedRestrictions {
  locked: boolean;
  /** Whether anonymous guests may talk back (issue 17); off by default. */
  allowGuestTalkback: boolean;
}

/**
 * A limit on a room's events that holds over every node: at most `limit` in a window of `windowMs`
 * that starts with the first event after the last window ended (fixed windows, rooms/rate-limiter.ts).
 */
export interface RoomRate {
  /** Names the limit in its key: letters only. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * A room's live state that a person on another node must see the same (ARCHITECTURE.md "Scaling
 * out"): who holds a seat (capacity and sockets per person over every node, taken atomically), who
 * has been in (the lock lets them back), the chat history, the lock and guest talkback, where the
 * host stands with the SFU, and the recording running. One box keeps it in memory; scaled out it is
 * in Redis. The sockets themselves, and anything per socket, stay with the node that holds them.
 */
export interface RoomStateStore {
  /** Admits the seat unless the lock, the person's sockets or the room's limit refuse it; remembers the person. */
  takeSeat(roomId: string, seat: Seat, rules: SeatRules): Promise<SeatResult>;
  /** Gives the seat back; true when the person has no seat left in the room on any node. */
  leaveSeat(roomId: string, socketId: string, key: string): Promise<boolean>;
  /** Whether this person (uid or guest id) has been admitted to the room before, on any node. */
  hasSeen(roomId: string, key: string): Promise<boolean>;
  /**
   * Keeps the message in the room's history, bounded to the last CHAT_HISTORY_LIMIT. False, and
   * nothing kept, when a message of the history already has its id (issue 34 item 7): one id names
   * one message, so nobody's message can be replaced on a joiner's screen.
   */
  appendChat(roomId: string, message: ChatMessage): Promise<boolean>;
  chatHistory(roomId: string): Promise<ChatMessage[]>;
  restrictions(roomId: string): Promise<SharedRestrictions>;
  setRestrictions(roomId: string, change: Partial<SharedRestrictions>): Promise<void>;
  hostSfu(roomId: string): Promise<HostSfuPresence>;
  /** Applies nextHostSfuPresence atomically; true when the guests are to hear sfu:host-returned now. */
  hostSfuChanged(roomId: string, event: HostSfuEvent): Promise<boolean>;
  recording(roomId: string): Promise<LiveRecording | null>;
  setRecording(roomId: string, recording: LiveRecording | null): Promise<void>;
  /** Counts one event of `rate` for `who` (a person key, or the whole room); false when over the limit. */
  takeRate(roomId: string, rate: RoomRate, who: string, now: number): Promise<boolean>;
  /** The room ended: all of its state goes. */
  forget(roomId: string): Promise<void>;
  close(): Promise<void>;
}

export const noSharedRestrictions = (): SharedRestrictions => ({ locked: false, allowGuestTalkback: false });
