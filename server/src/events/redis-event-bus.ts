import { BUS_REDIS_CHANNEL, decodeBusEvent, type BusEvent } from '@riffroom/protocol';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { EventBus } from './event-bus.js';

/**
 * Scaled out (ARCHITECTURE.md "Topology"): API processes publish on one Redis channel and every media node
 * subscribes, so an event reaches the user's sockets whichever node holds them. Pub/sub is
 * fire-and-forget on purpose: a notification missed while Redis is down is recovered by the
 * client's next load of its unread counts, not by replaying a queue.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  /** Created on the first subscribe: an API-only process never needs the subscriber connection. */
  private subscriber: Redis | null = null;
  private subscribed: Promise<void> | null = null;
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private closing: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {
    this.publisher = this.connect('publisher');
  }

  publish(event: BusEvent): void {
    this.publisher.publish(BUS_REDIS_CHANNEL, JSON.stringify(event)).catch((error: unknown) => {
      this.logger.warn({ err: error, type: event.type }, 'could not publish a bus event to Redis');
    });
  }

  /** For /readyz: Redis answers a PING on the publishing connection. */
  async check(): Promise<void> {
    // A connection that is reconnecting would queue the PING until Redis is back: fail at once instead.
    if (this.publisher.status !== 'ready') throw new Error(`Redis connection is ${this.publisher.status}`);
    await this.publisher.ping();
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    this.ready().catch((error: unknown) => this.logger.error({ err: error }, 'could not subscribe to Redis'));
    return () => this.listeners.delete(listener);
  }

  /** Resolves once Redis has confirmed the subscription: events published after that arrive. */
  ready(): Promise<void> {
    this.subscribed ??= this.startSubscriber();
    return this.subscribed;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.listeners.clear();
      const connections = [this.publisher, ...(this.subscriber ? [this.subscriber] : [])];
      await Promise.all(connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
    })();
    return this.closing;
  }

  private async startSubscriber(): Promise<void> {
    const subscriber = this.connect('subscriber');
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, raw: string) => this.deliver(raw));
    await subscriber.subscribe(BUS_REDIS_CHANNEL);
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

  private connect(role: string): Redis {
    const connection = new Redis(this.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    // Without a listener ioredis prints every reconnect failure; log them once each, structured.
    connection.on('error', (error: Error) => this.logger.warn({ err: error, role }, 'Redis connection error'));
    return connection;
  }
}
