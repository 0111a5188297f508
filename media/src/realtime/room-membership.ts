import type { Logger } from 'pino';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import type { RealtimeSocket } from './types.js';

/** join-room, leave-room, and leaving on disconnect (the peer-to-peer events are in room-p2p.ts). */
export function handleRoomMembership(socket: RealtimeSocket, hub: RoomHub, logger: Logger): void {
  onRoomEvent(socket, 'join-room', logger, ({ roomId }) => hub.join(socket, roomId));

  onRoomEvent(socket, 'leave-room', logger, ({ roomId }) => hub.leaveRoom(socket, roomId));

  socket.on('disconnect', () => {
    hub
      .disconnected(socket)
      .catch((error: unknown) => logger.error({ err: error }, 'leaving rooms on disconnect failed'));
  });
}
