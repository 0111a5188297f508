import type { BusEvent } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RealtimeServer } from './types.js';
import { roomChannel, userRoom } from './types.js';

/** Delivers API events to every socket of the users they name. */
export function deliverBusEvent(io: RealtimeServer, event: BusEvent, logger: Logger): void {
  switch (event.type) {
    case 'new-message':
      io.to(userRoom(event.toUid)).emit('new-message', event.message);
      return;
    case 'session-ended':
      void disconnectSessions(io, event.uid, event.sessionIds).catch((error: unknown) =>
        logger.error({ err: error }, 'could not disconnect the sockets of ended sessions'),
      );
      return;
    case 'new-booking-request':
      io.to(userRoom(event.toUid)).emit('new-booking-request', event.request);
      return;
    case 'booking-answered':
      io.to(userRoom(event.toUid)).emit('booking-answered', event.booking);
      return;
    case 'room-ended':
      // Handled by the room hub (realtime/server.ts): it closes media before the sockets.
      return;
    case 'room-settings':
      io.to(roomChannel(event.roomId)).emit('room-settings', { tier: event.tier });
      return;
    default: {
      const exhaustive: never = event;
      throw new Error(`unhandled bus event ${JSON.stringify(exhaustive)}`);
    }
  }
}

/**
 * A signed-out session must stop hearing its user's notifications at once, not when its ID token
 * expires: the sockets it opened are closed. The user's other sessions keep theirs.
 */
async function disconnectSessions(io: RealtimeServer, uid: string, sessionIds: string[]): Promise<void> {
  const ended = new Set(sessionIds);
  for (const socket of await io.in(userRoom(uid)).fetchSockets()) {
    if (socket.data.sessionId !== null && ended.has(socket.data.sessionId)) socket.disconnect(true);
  }
}
