import { BUS_REDIS_CHANNEL, decodeBusEvent, type BusEvent } from '@riffroom/protocol';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * A media node's side of the scaled-out bus (ARCHITECTURE.md "Topology"): the API publishes on one Redis
 * channel, every media node listens, and each delivers to the sockets it holds. Payloads come
 * from another process, so each is validated against the protocol before anyone sees it.
 * (The API's RedisEventBus has the publishing side; the two meet only in protocol/.)
 */
export class RedisBusSubscriber {
  private readonly connection: Redis;
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private readonly subscribed: Promise<void>;
  private closing: Promise<void> | null = null;

  constructor(
    url: string,
    private readonly logger: Logger,
  ) {
    // Reconnects forever (a media node outlives a Redis restart) and re-subscribes on its own.
    this.connection = new Redis(url, { maxRetriesPerRequest: null });
    this.connection.on('error', (error: Error) => logger.warn({ err: error }, 'Redis bus connection error'));
    this.connection.on('message', (_channel: string, raw: string) => this.deliver(raw));
    this.subscribed = this.connection.subscribe(BUS_REDIS_CHANNEL).then(() => undefined);
  }

  /** Resolves once Redis has confirmed the subscription: events published after that arrive. */
  ready(): Promise<void> {
    return this.subscribed;
  }

  /** The shape attachRealtime's `subscribe` option takes. */
  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.listeners.clear();
      await this.connection.quit().catch(() => this.connection.disconnect());
    })();
    return this.closing;
  }

  private deliver(raw: string): void {
    const event = decodeBusEvent(raw);
    if (!event) {
      this.logger.warn({ bytes: raw.length }, 'dropped a malformed bus event from Redis');
      return;
    }
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, type: event.type }, 'a bus event listener failed');
      }
    }
  }
}
