import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { NodeRegistry, type NodeRegistryOptions } from './node-registry.js';

export interface RegistryConnection {
  registry: NodeRegistry;
  /** For /readyz: throws while Redis does not answer. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The node registry on a Redis connection of its own. A command fails after one reconnection
 * attempt rather than queueing while Redis is down: a heartbeat or a placement is retried by its
 * caller (the next beat, the client's next attempt), never stacked up behind an outage.
 */
export function connectNodeRegistry(url: string, options: NodeRegistryOptions, logger: Logger): RegistryConnection {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', (error: Error) => logger.warn({ err: error }, 'node registry connection error'));
  let closing: Promise<void> | null = null;
  return {
    registry: new NodeRegistry(redis, options),
    async check() {
      if (redis.status !== 'ready') throw new Error(`Redis connection is ${redis.status}`);
      await redis.ping();
    },
    close() {
      closing ??= redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      );
      return closing;
    },
  };
}
