import { CHAT_HISTORY_LIMIT, type ChatMessage, type LiveRecording } from '@riffroom/protocol';
import { RateLimiter } from '../rate-limiter.js';
import { nextHostSfuPresence, type HostSfuEvent, type HostSfuPresence } from '../host-sfu-presence.js';
import {
  noSharedRestrictions,
  type RoomRate,
  type RoomStateStore,
  type Seat,
  type SeatResult,
  type SeatRules,
  type SharedRestrictions,
} from './room-state-store.js';

interface RoomState {
  /** Socket id to its seat. */
  seats: Map<string, Seat>;
  seen: Set<string>;
  chat: ChatMessage[];
  restrictions: SharedRestrictions;
  hostSfu: HostSfuPresence;
  recording: LiveRecording | null;
  /** By limit name and who it counts. */
  rates: Map<string, RateLimiter>;
}

/**
 * The single box's room state: one process holds every socket, so memory is the one home. Kept
 * until the room ends (forget), as the restrictions always were: a moment with nobody in does not
 * unlock the room.
 */
export class MemoryRoomState implements RoomStateStore {
  private rooms = new Map<string, RoomState>();

  takeSeat(roomId: string, seat: Seat, rules: SeatRules): Promise<SeatResult> {
    return Promise.resolve(admitSeat(this.room(roomId), seat, rules));
  }

  leaveSeat(roomId: string, socketId: string, key: string): Promise<boolean> {
    const room = this.rooms.get(roomId);
    room?.seats.delete(socketId);
    return Promise.resolve(!room || ![...room.seats.values()].some((seat) => seat.key === key));
  }

  hasSeen(roomId: string, key: string): Promise<boolean> {
    return Promise.resolve(this.rooms.get(roomId)?.seen.has(key) ?? false);
  }

  appendChat(roomId: string, message: ChatMessage): Promise<boolean> {
    const { chat } = this.room(roomId);
    if (message.id !== undefined && chat.some((kept) => kept.id === message.id)) return Promise.resolve(false);
    chat.push(message);
    if (chat.length > CHAT_HISTORY_LIMIT) chat.splice(0, chat.length - CHAT_HISTORY_LIMIT);
    return Promise.resolve(true);
  }

  chatHistory(roomId: string): Promise<ChatMessage[]> {
    return Promise.resolve([...(this.rooms.get(roomId)?.chat ?? [])]);
  }

  restrictions(roomId: string): Promise<SharedRestrictions> {
    return Promise.resolve({ ...(this.rooms.get(roomId)?.restrictions ?? noSharedRestrictions()) });
  }

  setRestrictions(roomId: string, change: Partial<SharedRestrictions>): Promise<void> {
    const room = this.room(roomId);
    room.restrictions = { ...room.restrictions, ...definedOnly(change) };
    return Promise.resolve();
  }

  hostSfu(roomId: string): Promise<HostSfuPresence> {
    return Promise.resolve(this.rooms.get(roomId)?.hostSfu ?? 'on');
  }

  hostSfuChanged(roomId: string, event: HostSfuEvent): Promise<boolean> {
    const room = this.room(roomId);
    const next = nextHostSfuPresence(room.hostSfu, event);
    room.hostSfu = next.state;
    return Promise.resolve(next.announceReturn);
  }

  recording(roomId: string): Promise<LiveRecording | null> {
    return Promise.resolve(this.rooms.get(roomId)?.recording ?? null);
  }

  setRecording(roomId: string, recording: LiveRecording | null): Promise<void> {
    this.room(roomId).recording = recording;
    return Promise.resolve();
  }

  takeRate(roomId: string, rate: RoomRate, who: string, now: number): Promise<boolean> {
    const { rates } = this.room(roomId);
    const key = `${rate.name}|${who}`;
    let limiter = rates.get(key);
    if (!limiter) rates.set(key, (limiter = new RateLimiter(rate.limit, rate.windowMs)));
    return Promise.resolve(limiter.take(now));
  }

  forget(roomId: string): Promise<void> {
    this.rooms.delete(roomId);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.rooms.clear();
    return Promise.resolve();
  }

  private room(roomId: string): RoomState {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = {
        seats: new Map(),
        seen: new Set(),
        chat: [],
        restrictions: noSharedRestrictions(),
        hostSfu: 'on',
        recording: null,
        rates: new Map(),
      };
      this.rooms.set(roomId, room);
    }
    return room;
  }
}

/**
 * The admission rule, the same one the Redis store's script runs: locked admits only the host and
 * people who were in before (a blip, a reload); a person has at most socketsPerPerson sockets; the
 * limit counts people other than the host, a person with several sockets once.
 */
function admitSeat(room: RoomState, seat: Seat, rules: SeatRules): SeatResult {
  if (!seat.isHost && room.restrictions.locked && !room.seen.has(seat.key)) return { ok: false, code: 'room/locked' };
  const people = new Set<string>();
  let mine = 0;
  for (const other of room.seats.values()) {
    if (other.key === seat.key) mine += 1;
    if (!other.isHost) people.add(other.key);
  }
  if (mine >= rules.socketsPerPerson) return { ok: false, code: 'room/too-many-sockets' };
  if (!seat.isHost && mine === 0 && people.size >= rules.maxParticipants) return { ok: false, code: 'room/full' };
  room.seats.set(seat.socketId, seat);
  room.seen.add(seat.key);
  return { ok: true, firstOfKey: mine === 0 };
}

function definedOnly<T extends object>(change: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<T>;
}
