import type { BusEvent } from '@riffroom/protocol';
import type { RealtimeServer } from './types.js';
import { roomChannel, sessionChannel, userRoom } from './types.js';

/** Delivers API events to every socket of the users they name. */
export function deliverBusEvent(io: RealtimeServer, event: BusEvent): void {
  switch (event.type) {
    case 'new-message':
      io.to(userRoom(event.toUid)).emit('new-message', event.message);
      return;
    case 'session-ended':
      disconnectSessions(io, event.sessionIds);
      return;
    case 'new-booking-request':
      io.to(userRoom(event.toUid)).emit('new-booking-request', event.request);
      return;
    case 'booking-answered':
      io.to(userRoom(event.toUid)).emit('booking-answered', event.booking);
      return;
    case 'notification':
      io.to(userRoom(event.toUid)).emit('notification', event.notification);
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
 * expires: the sockets it opened are closed, on every node (each joined its session's channel).
 * The user's other sessions keep theirs.
 */
function disconnectSessions(io: RealtimeServer, sessionIds: string[]): void {
  if (sessionIds.length > 0) io.in(sessionIds.map(sessionChannel)).disconnectSockets(true);
}
