import { joinRoomPayloadSchema, roomOnlyPayloadSchema } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import type { RealtimeSocket } from './types.js';

/** join-room, leave-room, and leaving on disconnect (the peer-to-peer events are in room-p2p.ts). */
export function handleRoomMembership(socket: RealtimeSocket, hub: RoomHub, logger: Logger): void {
  onRoomEvent(socket, 'join-room', joinRoomPayloadSchema, logger, ({ roomId }) => hub.join(socket, roomId));

  onRoomEvent(socket, 'leave-room', roomOnlyPayloadSchema, logger, async ({ roomId }) => {
    hub.membership(socket, roomId);
    await hub.leave(socket);
  });

  socket.on('disconnect', () => {
    hub.leave(socket).catch((error: unknown) => logger.error({ err: error }, 'leaving room on disconnect failed'));
  });
}
