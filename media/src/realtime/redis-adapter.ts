import { SOCKET_IO_REDIS_KEY } from '@riffroom/protocol';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { RealtimeServer } from './types.js';

export interface RedisLink {
  /** For /readyz: throws while Redis does not answer. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Socket.IO across media nodes (ARCHITECTURE.md "Scaling out"): with the Redis adapter every
 * `io.to(room).emit`, `fetchSockets` and `disconnectSockets` reaches the sockets of every node, and
 * the API's emitter reaches them too. Two connections: a subscribed one cannot publish.
 */
export function attachRedisAdapter(io: RealtimeServer, url: string, logger: Logger): RedisLink {
  // Reconnects forever (a media node outlives a Redis restart) and re-subscribes on its own.
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const [role, connection] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    connection.on('error', (error: Error) => logger.warn({ err: error, role }, 'Redis adapter connection error'));
  }
  io.adapter(createAdapter(pub, sub, { key: SOCKET_IO_REDIS_KEY }));
  let closing: Promise<void> | null = null;
  return {
    async check() {
      if (pub.status !== 'ready') throw new Error(`Redis connection is ${pub.status}`);
      await pub.ping();
    },
    close() {
      closing ??= Promise.all(
        [pub, sub].map((connection) => connection.quit().catch(() => connection.disconnect())),
      ).then(() => undefined);
      return closing;
    },
  };
}
