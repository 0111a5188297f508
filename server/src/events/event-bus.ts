import { EventEmitter } from 'node:events';
import type { BusEvent } from '@riffroom/protocol';

/** How the API hands realtime events to the socket layer, wherever that runs. */
export interface EventBus {
  publish(event: BusEvent): void;
  subscribe(listener: (event: BusEvent) => void): () => void;
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
}
