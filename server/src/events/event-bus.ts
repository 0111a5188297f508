import { EventEmitter } from 'node:events';
import type { BusConfig, BusEvent } from '@riffroom/protocol';
import type { Logger } from '../logger.js';
import { SocketIoEmitterBus } from './socket-io-emitter-bus.js';

/** How the API hands realtime events to the socket layer, wherever that runs. */
export interface EventBus {
  publish(event: BusEvent): void;
  subscribe(listener: (event: BusEvent) => void): () => void;
  /** Throws while the bus cannot carry events (Redis down); absent for the in-process bus. */
  check?(): Promise<void>;
  /** Idempotent; releases connections. */
  close(): Promise<void>;
}

/** One box: API and sockets share the process, so an emitter is the whole transport. */
export class InProcessEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  publish(event: BusEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * The bus the configuration names: in-process by default; with Redis, the Socket.IO emitter, whose
 * broadcasts the media nodes' Redis adapter delivers (ARCHITECTURE.md "Scaling out").
 */
export function createEventBus(config: BusConfig, logger: Logger): EventBus {
  switch (config.kind) {
    case 'memory':
      return new InProcessEventBus();
    case 'redis':
      return new SocketIoEmitterBus(config.url, logger.child({ part: 'bus' }));
    default: {
      const exhaustive: never = config;
      throw new Error(`unknown bus ${JSON.stringify(exhaustive)}`);
    }
  }
}
