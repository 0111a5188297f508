import type { BusEvent } from '@riffroom/protocol';
import type { RealtimeServer } from './types.js';
import { userRoom } from './types.js';

/** Delivers API events to every socket of the users they name. */
export function deliverBusEvent(io: RealtimeServer, event: BusEvent): void {
  switch (event.type) {
    case 'new-message':
      io.to(userRoom(event.toUid)).emit('new-message', event.message);
      return;
    case 'room-ended':
      // Handled by the room hub (realtime/server.ts): it closes media before the sockets.
      return;
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled bus event ${JSON.stringify(exhaustive)}`);
    }
  }
}
