import {
  BUS_SERVER_EVENT,
  roomChannel,
  sessionChannel,
  SOCKET_IO_REDIS_KEY,
  userRoom,
  type BusEvent,
  type ServerToClientEvents,
} from '@riffroom/protocol';
import { Emitter } from '@socket.io/redis-emitter';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { EventBus } from './event-bus.js';

/**
 * Scaled out (ARCHITECTURE.md "Scaling out"): the API runs no Socket.IO server, so it speaks to the
 * media nodes' sockets through the Socket.IO Redis emitter. The nodes' Redis adapter delivers each
 * broadcast to the sockets it holds, whichever node that is. Fire-and-forget on purpose: a
 * notification missed while Redis is down is recovered by the client's next load of its unread
 * counts, not by replaying a queue.
 */
export class SocketIoEmitterBus implements EventBus {
  private readonly redis: Redis;
  private readonly emitter: Emitter<ServerToClientEvents>;
  private closing: Promise<void> | null = null;

  constructor(url: string, logger: Logger) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 });
    // Without a listener ioredis prints every reconnect failure; log them once each, structured.
    this.redis.on('error', (error: Error) => logger.warn({ err: error }, 'Redis connection error'));
    this.emitter = new Emitter(this.redis, { key: SOCKET_IO_REDIS_KEY });
  }

  publish(event: BusEvent): void {
    switch (event.type) {
      case 'new-message':
        this.emitter.to(userRoom(event.toUid)).emit('new-message', event.message);
        return;
      case 'new-booking-request':
        this.emitter.to(userRoom(event.toUid)).emit('new-booking-request', event.request);
        return;
      case 'booking-answered':
        this.emitter.to(userRoom(event.toUid)).emit('booking-answered', event.booking);
        return;
      case 'notification':
        this.emitter.to(userRoom(event.toUid)).emit('notification', event.notification);
        return;
      case 'session-ended':
        // Every socket joins its session's channel at connect (media realtime/user-channel.ts).
        if (event.sessionIds.length > 0) {
          this.emitter.in(event.sessionIds.map(sessionChannel)).disconnectSockets(true);
        }
        return;
      case 'room-settings':
        this.emitter.to(roomChannel(event.roomId)).emit('room-settings', { tier: event.tier });
        return;
      case 'room-ended':
        // Each node closes the room's media before its sockets: that needs the node's own code.
        this.emitter.serverSideEmit(BUS_SERVER_EVENT, event);
        return;
      default: {
        const exhaustive: never = event;
        throw new Error(`unhandled bus event ${JSON.stringify(exhaustive)}`);
      }
    }
  }

  /** The API never delivers to sockets itself when scaled out: nothing listens here. */
  subscribe(): () => void {
    return () => undefined;
  }

  /** For /readyz: Redis answers a PING. */
  async check(): Promise<void> {
    // A connection that is reconnecting would queue the PING until Redis is back: fail at once instead.
    if (this.redis.status !== 'ready') throw new Error(`Redis connection is ${this.redis.status}`);
    await this.redis.ping();
  }

  close(): Promise<void> {
    this.closing ??= this.redis.quit().then(
      () => undefined,
      () => this.redis.disconnect(),
    );
    return this.closing;
  }
}
