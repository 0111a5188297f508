import { joinRoomPayloadSchema, peerReadyPayloadSchema, roomOnlyPayloadSchema } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import type { RealtimeSocket } from './types.js';

/** join-room, peer-ready, get-peers, leave-room, and leaving on disconnect. */
export function handleRoomMembership(socket: RealtimeSocket, hub: RoomHub, logger: Logger): void {
  onRoomEvent(socket, 'join-room', joinRoomPayloadSchema, logger, ({ roomId }) => hub.join(socket, roomId));

  onRoomEvent(socket, 'peer-ready', peerReadyPayloadSchema, logger, ({ roomId, peerId }) => {
    hub.membership(socket, roomId).live.setP2pPeer(socket.id, peerId);
  });

  onRoomEvent(socket, 'get-peers', roomOnlyPayloadSchema, logger, ({ roomId }) =>
    hub.membership(socket, roomId).live.p2pPeers(socket.id),
  );

  onRoomEvent(socket, 'leave-room', roomOnlyPayloadSchema, logger, ({ roomId }) => hub.leaveRoom(socket, roomId));

  socket.on('disconnect', () => {
    hub
      .disconnected(socket)
      .catch((error: unknown) => logger.error({ err: error }, 'leaving rooms on disconnect failed'));
  });
}
