import { mediaNodeRecordSchema, NODE_REGISTRY_KEYS as KEYS, type RoomRole } from '@riffroom/protocol';
import type { Redis } from 'ioredis';

/**
 * One media node as the registry holds it (protocol's mediaNodeRecordSchema, docs/scaling-out.md):
 * its addresses and its load, rewritten at every heartbeat.
 */
export interface MediaNodeRecord {
  id: string;
  publicUrl: string;
  internalUrl: string;
  workers: number;
  consumers: number;
  /** CPU over the last beat, in cores (the Node process and its mediasoup workers). */
  cpu: number;
  draining: boolean;
  updatedAt: number;
}

export interface NodeRegistryOptions {
  /** NODE_HEARTBEAT_MS: how often each node rewrites its record. */
  heartbeatMs: number;
  /** ROOM_ORIGIN_MAX_CONSUMERS: past this many consumers of a room on its origin, new viewers go to an edge. */
  originMaxConsumers: number;
}

/** A record outlives its last beat by this many beats: one late beat is not a death. */
export const NODE_EXPIRY_BEATS = 3;

/**
 * A room's origin is held this long without its node refreshing it: long enough for the host just
 * placed there to connect. While members are on it, the origin's beats keep it.
 */
export const ORIGIN_HOLD_MS = 10 * 60_000;

/** An id in the set that has not beaten for this many expiries is forgotten (its record is long gone). */
const FORGET_AFTER_EXPIRIES = 10;

/**
 * Sets the room's origin to `ARGV[2]` when it has none or still names `ARGV[1]` (the dead origin the
 * caller saw), so two members re-placing a room at once agree on one node; answers the origin.
 */
const CLAIM_ORIGIN = `
local current = redis.call('GET', KEYS[1])
if current == false or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return ARGV[2]
end
return current`;

/** What a node reports of one room it serves: its consumers there. */
export type RoomLoads = ReadonlyMap<string, number>;

/**
 * The shared Redis model of the scaled setup: media nodes write their records (NodeHeartbeat), the
 * API places room members with it, and nodes find each other with it (cascading). Nothing here is
 * kept in memory: every answer is read from Redis, so every process sees the same registry.
 */
export class NodeRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly options: NodeRegistryOptions,
  ) {}

  /** How long a record lives after its last beat. */
  get expiryMs(): number {
    return this.options.heartbeatMs * NODE_EXPIRY_BEATS;
  }

  /** Every node whose record has not expired, draining ones included, in id order. */
  async liveNodes(): Promise<MediaNodeRecord[]> {
    const ids = await this.redis.zrange(KEYS.nodes, 0, -1);
    if (ids.length === 0) return [];
    const raw = await this.redis.mget(ids.map((id) => KEYS.node(id)));
    return raw.flatMap((text) => parseRecord(text) ?? []).sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * When each node the registry still remembers last beat (ms since the epoch, its own clock),
   * dead ones included until they are forgotten: how long a node has been gone (the API's sweep of
   * the recordings a lost node left running).
   */
  async lastBeats(): Promise<Map<string, number>> {
    const flat = await this.redis.zrange(KEYS.nodes, 0, -1, 'WITHSCORES');
    const beats = new Map<string, number>();
    for (let i = 0; i + 1 < flat.length; i += 2) beats.set(flat[i]!, Number(flat[i + 1]));
    return beats;
  }

  /** The node's record while it is alive. */
  async node(id: string): Promise<MediaNodeRecord | undefined> {
    return parseRecord(await this.redis.get(KEYS.node(id)));
  }

  /** The room's origin while that node is alive; undefined for a room never placed or whose origin died. */
  async roomOrigin(roomId: string): Promise<MediaNodeRecord | undefined> {
    const id = await this.redis.get(KEYS.roomOrigin(roomId));
    return id ? this.node(id) : undefined;
  }

  /** The consumers each node has in the room, as their last beats reported. */
  async roomConsumers(roomId: string): Promise<Map<string, number>> {
    const counts = await this.redis.hgetall(KEYS.roomConsumers(roomId));
    return new Map(Object.entries(counts).map(([id, count]) => [id, Number(count) || 0]));
  }

  /**
   * The node a member of the room should connect to, or undefined when no node can take it.
   * - A room without a live origin (new, or its origin died) gets the least-loaded live node that
   *   is not draining as its origin; every member goes there.
   * - The host always goes to the origin: its producers live there.
   * - Others go to the origin while the origin's consumers in the room are under
   *   ROOM_ORIGIN_MAX_CONSUMERS, then to the least-loaded other live node (an edge).
   * A draining origin keeps its room (its members may come back to it), but never gets a new one.
   */
  async placeMember(roomId: string, role: RoomRole): Promise<string | undefined> {
    const [nodes, originId] = await Promise.all([this.liveNodes(), this.redis.get(KEYS.roomOrigin(roomId))]);
    const origin = nodes.find((node) => node.id === originId);
    if (origin) {
      if (role === 'host') return origin.publicUrl;
      const consumers = (await this.roomConsumers(roomId)).get(origin.id) ?? 0;
      if (consumers < this.options.originMaxConsumers) return origin.publicUrl;
      return (leastLoaded(nodes.filter((node) => node.id !== origin.id && !node.draining)) ?? origin).publicUrl;
    }
    const chosen = leastLoaded(nodes.filter((node) => !node.draining));
    if (!chosen) return undefined;
    const claimed = String(
      await this.redis.eval(CLAIM_ORIGIN, 1, KEYS.roomOrigin(roomId), originId ?? '', chosen.id, ORIGIN_HOLD_MS),
    );
    // Another member placed the room first: follow it there.
    return (nodes.find((node) => node.id === claimed) ?? chosen).publicUrl;
  }

  // ------------------------------------------------------------ a node's own writes (NodeHeartbeat)

  /**
   * One beat: the node's record with its expiry, its consumers per room, and the origins it holds
   * kept alive. `dropped` are rooms it reported before and serves no more.
   */
  async beat(record: MediaNodeRecord, rooms: RoomLoads, dropped: Iterable<string>): Promise<void> {
    const expiry = this.expiryMs;
    const roomIds = [...rooms.keys()];
    const origins = roomIds.length > 0 ? await this.redis.mget(roomIds.map((id) => KEYS.roomOrigin(id))) : [];
    const batch = this.redis.multi();
    batch.set(KEYS.node(record.id), JSON.stringify(record), 'PX', expiry);
    batch.zadd(KEYS.nodes, record.updatedAt, record.id);
    batch.zremrangebyscore(KEYS.nodes, '-inf', record.updatedAt - expiry * FORGET_AFTER_EXPIRIES);
    roomIds.forEach((roomId, index) => {
      batch.hset(KEYS.roomConsumers(roomId), record.id, rooms.get(roomId)!);
      batch.pexpire(KEYS.roomConsumers(roomId), ORIGIN_HOLD_MS);
      if (origins[index] === record.id) batch.pexpire(KEYS.roomOrigin(roomId), ORIGIN_HOLD_MS);
    });
    for (const roomId of dropped) batch.hdel(KEYS.roomConsumers(roomId), record.id);
    await batch.exec();
  }

  /** A node leaving on purpose drops out at once instead of after its expiry. */
  async remove(nodeId: string): Promise<void> {
    await this.redis.multi().del(KEYS.node(nodeId)).zrem(KEYS.nodes, nodeId).exec();
  }
}

/**
 * The node with the fewest consumers per worker; equal ones by CPU, then by id so the answer is
 * stable. Consumers lead because they are what a node forwards; CPU breaks ties between idle nodes.
 */
export function leastLoaded(nodes: readonly MediaNodeRecord[]): MediaNodeRecord | undefined {
  const perWorker = (node: MediaNodeRecord) => node.consumers / Math.max(1, node.workers);
  return [...nodes].sort(
    (a, b) =>
      perWorker(a) - perWorker(b) ||
      a.cpu / Math.max(1, a.workers) - b.cpu / Math.max(1, b.workers) ||
      a.id.localeCompare(b.id),
  )[0];
}

function parseRecord(text: string | null): MediaNodeRecord | undefined {
  if (text === null) return undefined;
  try {
    const parsed = mediaNodeRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
