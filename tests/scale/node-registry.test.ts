import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NODE_REGISTRY_KEYS } from '@riffroom/protocol';
import { NodeRegistry, type MediaNodeRecord } from '../../media/src/scale/node-registry.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { until } from '../support/until.js';

// The node registry on a real redis-server: what the API's placement and the nodes' heartbeats
// read and write (docs/scaling-out.md).
const HEARTBEAT_MS = 100;
let redis: RedisServer;
let client: Redis;
let registry: NodeRegistry;

beforeAll(async () => {
  redis = await startRedisServer();
  client = new Redis(redis.url);
  registry = new NodeRegistry(client, { heartbeatMs: HEARTBEAT_MS, originMaxConsumers: 10 });
});
beforeEach(async () => {
  await client.flushall();
});
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

const record = (id: string, load: Partial<MediaNodeRecord> = {}): MediaNodeRecord => ({
  id,
  publicUrl: `https://studio.example/nodes/${id}`,
  internalUrl: `http://${id}:8080`,
  workers: 2,
  consumers: 0,
  cpu: 0,
  draining: false,
  updatedAt: Date.now(),
  ...load,
});
const beat = (node: MediaNodeRecord, rooms: Record<string, number> = {}) =>
  registry.beat({ ...node, updatedAt: Date.now() }, new Map(Object.entries(rooms)), []);
const urlOf = (id: string) => `https://studio.example/nodes/${id}`;

describe('the node registry', () => {
  it('lists the nodes that beat, and drops one that stops within its expiry', async () => {
    await Promise.all([beat(record('a')), beat(record('b'))]);
    expect((await registry.liveNodes()).map((node) => node.id)).toEqual(['a', 'b']);
    expect(await registry.node('a')).toMatchObject({ publicUrl: urlOf('a'), workers: 2 });

    // b keeps beating, a has died.
    const started = Date.now();
    const keepB = setInterval(() => void beat(record('b')), HEARTBEAT_MS);
    try {
      await until(async () => (await registry.liveNodes()).length === 1, { what: 'a expired' });
    } finally {
      clearInterval(keepB);
    }
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 3 + 500);
    expect(await registry.node('a')).toBeUndefined();
  });

  it('forgets a node that leaves on purpose at once, and ignores a record it cannot read', async () => {
    await beat(record('a'));
    await registry.remove('a');
    expect(await registry.liveNodes()).toEqual([]);
    await client.zadd(NODE_REGISTRY_KEYS.nodes, Date.now(), 'bad');
    await client.set(NODE_REGISTRY_KEYS.node('bad'), JSON.stringify({ id: 'bad', publicUrl: 'javascript:alert(1)' }));
    expect(await registry.liveNodes()).toEqual([]);
  });

  it('remembers when a dead node last beat, past its expiry, until it is forgotten', async () => {
    const lastBeatOfA = Date.now() - 1000;
    await registry.beat(record('a', { updatedAt: lastBeatOfA }), new Map(), []);
    await beat(record('b'));
    await until(async () => (await registry.node('a')) === undefined, { what: 'a expired' });
    const beats = await registry.lastBeats();
    expect(beats.get('a')).toBe(lastBeatOfA);
    expect(beats.get('b')).toBeGreaterThan(lastBeatOfA);
    // Ten expiries later, the next beat of any node forgets it.
    await registry.beat(record('b', { updatedAt: lastBeatOfA + HEARTBEAT_MS * 3 * 10 + 1 }), new Map(), []);
    expect([...(await registry.lastBeats()).keys()]).toEqual(['b']);
  });

  it('places a new room on the least-loaded node that is not draining, and its members on that origin', async () => {
    await Promise.all([
      beat(record('a', { consumers: 40 })),
      beat(record('b', { consumers: 10, workers: 1 })),
      beat(record('c', { consumers: 2, draining: true })),
    ]);
    // b: 10 per worker, a: 20 per worker, c drains.
    expect(await registry.placeMember('room1', 'host')).toBe(urlOf('b'));
    expect((await registry.roomOrigin('room1'))?.id).toBe('b');
    expect(await registry.placeMember('room1', 'viewer')).toBe(urlOf('b'));
  });

  it('keeps a room on its origin while the origin lives, even once another node is less loaded', async () => {
    await Promise.all([beat(record('a')), beat(record('b', { consumers: 4 }))]);
    expect(await registry.placeMember('room2', 'host')).toBe(urlOf('a'));
    await beat(record('a', { consumers: 8 }), { room2: 8 });
    expect(await registry.placeMember('room2', 'viewer')).toBe(urlOf('a'));
    expect(await registry.placeMember('room2', 'host')).toBe(urlOf('a'));
    // A new room goes to the node that is now the least loaded.
    expect(await registry.placeMember('room2b', 'host')).toBe(urlOf('b'));
  });

  it('sends viewers to an edge once the origin carries ROOM_ORIGIN_MAX_CONSUMERS of the room, the host never', async () => {
    await Promise.all([beat(record('a')), beat(record('b', { consumers: 5 })), beat(record('c', { consumers: 1 }))]);
    expect(await registry.placeMember('room3', 'host')).toBe(urlOf('a'));
    await beat(record('a', { consumers: 10 }), { room3: 10 });
    expect(await registry.placeMember('room3', 'host')).toBe(urlOf('a'));
    expect(await registry.placeMember('room3', 'viewer')).toBe(urlOf('c'));
    expect((await registry.roomConsumers('room3')).get('a')).toBe(10);
  });

  it('re-places a room whose origin died on a live node; a draining origin keeps its room', async () => {
    await Promise.all([beat(record('a')), beat(record('b', { consumers: 1 }))]);
    expect(await registry.placeMember('room4', 'host')).toBe(urlOf('a'));
    await registry.remove('a');
    expect(await registry.roomOrigin('room4')).toBeUndefined();
    expect(await registry.placeMember('room4', 'viewer')).toBe(urlOf('b'));
    expect((await registry.roomOrigin('room4'))?.id).toBe('b');

    await beat(record('a'));
    await beat(record('b', { consumers: 1, draining: true }));
    expect(await registry.placeMember('room4', 'viewer')).toBe(urlOf('b'));
    expect(await registry.placeMember('room5', 'host')).toBe(urlOf('a'));
  });

  it('answers undefined when no node can take a new room', async () => {
    expect(await registry.placeMember('room6', 'host')).toBeUndefined();
    await beat(record('a', { draining: true }));
    expect(await registry.placeMember('room6', 'host')).toBeUndefined();
  });
});
