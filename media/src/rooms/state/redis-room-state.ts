import { randomUUID } from 'node:crypto';
import {
  CHAT_HISTORY_LIMIT,
  chatMessageSchema,
  liveRecordingSchema,
  type ChatMessage,
  type LiveRecording,
} from '@riffroom/protocol';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { nextHostSfuPresence, type HostSfuEvent, type HostSfuPresence } from '../host-sfu-presence.js';
import type { RoomRate, RoomStateStore, Seat, SeatResult, SeatRules, SharedRestrictions } from './room-state-store.js';
import { APPEND_CHAT, LEAVE_SEAT, SWAP_HOST_SFU, TAKE_RATE, TAKE_SEAT } from './redis-room-state-scripts.js';

export interface RedisRoomStateOptions {
  /** ROOM_STATE_TTL_S: how long a room's state outlives the last node that holds a seat in it. */
  stateTtlS: number;
  /** How long a node's seats count without a refresh (a dead node's people stop counting after it). */
  seatTtlMs: number;
}

const HOST_SFU_STATES = new Set<string>(['on', 'off', 'returning']);

/**
 * The room state of the scaled setup, in the Redis every media node shares (keys under
 * `riffroom:room:<id>:`): `seats:<node>` and `nodes` (redis-room-state-scripts.ts), `seen` (a set
 * of person keys), `chat` (a list capped at CHAT_HISTORY_LIMIT), `state` (a hash: locked,
 * allowGuestTalkback, hostSfu), `recording` (the running recording as JSON, kept alive by the node
 * that records), `rate:<name>:<who>` (a rate limit's counter, expiring with its window). Each key's TTL is refreshed while this node holds a seat in the room. Another process wrote what is read: it is validated.
 */
export class RedisRoomState implements RoomStateStore {
  private readonly nodeId = randomUUID();
  /** Rooms this node holds seats in, with how many: their keys are kept alive. */
  private held = new Map<string, number>();
  /** Rooms this node records: their `recording` key is kept alive like its seats. */
  private recorded = new Set<string>();
  private refresher: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisRoomStateOptions,
    private readonly logger: Logger,
  ) {
    this.refresher = setInterval(() => void this.refresh(), Math.max(1000, options.seatTtlMs / 3));
    this.refresher.unref();
  }

  async takeSeat(roomId: string, seat: Seat, rules: SeatRules): Promise<SeatResult> {
    const answer = (await this.redis.eval(
      TAKE_SEAT,
      4,
      ...this.seatKeys(roomId),
      this.keys(roomId).seatsPrefix,
      this.nodeId,
      seat.socketId,
      seat.key,
      seat.isHost ? '1' : '0',
      rules.maxParticipants,
      rules.socketsPerPerson,
      this.options.seatTtlMs,
      this.options.stateTtlS,
    )) as string;
    if (answer === 'locked') return { ok: false, code: 'room/locked' };
    if (answer === 'sockets') return { ok: false, code: 'room/too-many-sockets' };
    if (answer === 'full') return { ok: false, code: 'room/full' };
    this.held.set(roomId, (this.held.get(roomId) ?? 0) + 1);
    return { ok: true, firstOfKey: answer === 'ok:first' };
  }

  async leaveSeat(roomId: string, socketId: string, key: string): Promise<boolean> {
    const left = (this.held.get(roomId) ?? 1) - 1;
    if (left > 0) this.held.set(roomId, left);
    else this.held.delete(roomId);
    const remaining = (await this.redis.eval(
      LEAVE_SEAT,
      4,
      ...this.seatKeys(roomId),
      this.keys(roomId).seatsPrefix,
      socketId,
      key,
    )) as number;
    return remaining === 0;
  }

  async hasSeen(roomId: string, key: string): Promise<boolean> {
    return (await this.redis.sismember(this.keys(roomId).seen, key)) === 1;
  }

  async appendChat(roomId: string, message: ChatMessage): Promise<boolean> {
    const appended = await this.redis.eval(
      APPEND_CHAT,
      1,
      this.keys(roomId).chat,
      message.id ?? '',
      JSON.stringify(message),
      CHAT_HISTORY_LIMIT,
      this.options.stateTtlS,
    );
    return appended === 1;
  }

  async chatHistory(roomId: string): Promise<ChatMessage[]> {
    const stored = await this.redis.lrange(this.keys(roomId).chat, 0, -1);
    return stored.flatMap((raw) => {
      const parsed = chatMessageSchema.safeParse(parseJson(raw));
      return parsed.success ? [parsed.data] : [];
    });
  }

  async restrictions(roomId: string): Promise<SharedRestrictions> {
    const [locked, allowGuestTalkback] = await this.redis.hmget(
      this.keys(roomId).state,
      'locked',
      'allowGuestTalkback',
    );
    return { locked: locked === '1', allowGuestTalkback: allowGuestTalkback === '1' };
  }

  async setRestrictions(roomId: string, change: Partial<SharedRestrictions>): Promise<void> {
    const fields = Object.entries(change).flatMap(([name, value]) =>
      value === undefined ? [] : [name, value ? '1' : '0'],
    );
    if (fields.length > 0) await this.writeState(roomId, fields);
  }

  async hostSfu(roomId: string): Promise<HostSfuPresence> {
    const stored = await this.redis.hget(this.keys(roomId).state, 'hostSfu');
    return stored && HOST_SFU_STATES.has(stored) ? (stored as HostSfuPresence) : 'on';
  }

  /** Read, apply the rule, write only if nobody changed it meanwhile; else again (a compare-and-set). */
  async hostSfuChanged(roomId: string, event: HostSfuEvent): Promise<boolean> {
    for (;;) {
      const now = await this.hostSfu(roomId);
      const next = nextHostSfuPresence(now, event);
      const swapped = await this.redis.eval(
        SWAP_HOST_SFU,
        1,
        this.keys(roomId).state,
        now,
        next.state,
        this.options.stateTtlS,
      );
      if (swapped === 1) return next.announceReturn;
    }
  }

  async recording(roomId: string): Promise<LiveRecording | null> {
    const stored = await this.redis.get(this.keys(roomId).recording);
    const parsed = stored ? liveRecordingSchema.safeParse(parseJson(stored)) : null;
    return parsed?.success ? parsed.data : null;
  }

  /**
   * Kept apart from `state`, expiring like this node's seats: a recording whose node died stops
   * being announced (its files up to then are the recorder's, issue 17).
   */
  async setRecording(roomId: string, recording: LiveRecording | null): Promise<void> {
    const key = this.keys(roomId).recording;
    if (recording) {
      this.recorded.add(roomId);
      await this.redis.set(key, JSON.stringify(recording), 'PX', this.options.seatTtlMs);
    } else {
      this.recorded.delete(roomId);
      await this.redis.del(key);
    }
  }

  async takeRate(roomId: string, rate: RoomRate, who: string): Promise<boolean> {
    const counter = `${this.keys(roomId).base}rate:${rate.name}:${who}`;
    return (await this.redis.eval(TAKE_RATE, 1, counter, rate.limit, rate.windowMs)) === 1;
  }

  async forget(roomId: string): Promise<void> {
    this.held.delete(roomId);
    this.recorded.delete(roomId);
    const keys = this.keys(roomId);
    const nodes = await this.redis.smembers(keys.nodes);
    await this.redis.del(
      keys.nodes,
      keys.seen,
      keys.chat,
      keys.state,
      keys.recording,
      ...nodes.map((node) => keys.seatsPrefix + node),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    // This node's seats go now rather than at their expiry: its sockets are closing.
    await Promise.all([...this.held.keys()].map((roomId) => this.redis.del(this.seatKeys(roomId)[3])));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private async writeState(roomId: string, fields: string[]): Promise<void> {
    const { state } = this.keys(roomId);
    await this.redis
      .multi()
      .hset(state, ...fields)
      .expire(state, this.options.stateTtlS)
      .exec();
  }

  /** Keeps the seats and state of the rooms this node holds people in from expiring. */
  private async refresh(): Promise<void> {
    try {
      const batch = this.redis.pipeline();
      for (const roomId of this.held.keys()) {
        const [nodes, seen, state, seats] = this.seatKeys(roomId);
        batch.pexpire(seats, this.options.seatTtlMs);
        for (const key of [nodes, seen, state, this.keys(roomId).chat]) batch.expire(key, this.options.stateTtlS);
      }
      for (const roomId of this.recorded) batch.pexpire(this.keys(roomId).recording, this.options.seatTtlMs);
      await batch.exec();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not refresh the room state in Redis');
    }
  }

  private keys(roomId: string) {
    const base = `riffroom:room:${roomId}:`;
    return {
      base,
      nodes: `${base}nodes`,
      seen: `${base}seen`,
      chat: `${base}chat`,
      state: `${base}state`,
      recording: `${base}recording`,
      seatsPrefix: `${base}seats:`,
    };
  }

  private seatKeys(roomId: string): [string, string, string, string] {
    const keys = this.keys(roomId);
    return [keys.nodes, keys.seen, keys.state, keys.seatsPrefix + this.nodeId];
  }
}

/** The room state on a Redis connection of its own (reconnecting, so a node outlives a Redis restart). */
export function connectRedisRoomState(url: string, options: RedisRoomStateOptions, logger: Logger): RedisRoomState {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'room state connection error'));
  return new RedisRoomState(redis, options, logger);
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
