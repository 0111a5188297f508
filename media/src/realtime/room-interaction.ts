import { refuse } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { MediaRelay } from '../relay/media-relay.js';
import { CHAT_RATE, CURSOR_RATE, WHOLE_ROOM } from '../rooms/room-rates.js';
import type { RoomHub } from './room-hub.js';
import { onRoomEvent } from './socket-handler.js';
import { roomChannel, type RealtimeSocket } from './types.js';

/** chat (everyone), cursor-move and stop-sharing (host only). */
export function handleRoomInteraction(socket: RealtimeSocket, hub: RoomHub, relay: MediaRelay, logger: Logger): void {
  onRoomEvent(socket, 'chat', logger, async ({ roomId, message, id }) => {
    const { live, member } = hub.membership(socket, roomId);
    const now = Date.now();
    // Per person over every node: a second socket, here or on another node, buys no more.
    if (!(await hub.roomState.takeRate(roomId, CHAT_RATE, member.key, now))) {
      throw refuse('room/rate-limited', 'You are sending messages too fast.');
    }
    const sent = live.chat(socket.id, message, now, id);
    if (!sent) throw refuse('room/not-joined', 'Join the room first.');
    // Kept where every node reads it: a joiner on any node gets it in join-room's chat. An id the
    // history already has is refused: someone else's message must not be replaced on any screen.
    if (!(await hub.roomState.appendChat(roomId, sent))) {
      throw refuse('chat/id-taken', 'That message id is already used in this room; send the message again.');
    }
    socket.nsp.to(roomChannel(roomId)).emit('chat', sent);
    return sent;
  });

  onRoomEvent(socket, 'cursor-move', logger, async ({ roomId, x, y }) => {
    hub.hostMembership(socket, roomId, 'move the cursor');
    // Per room over every node: the host's tabs on two nodes share it.
    if (!(await hub.roomState.takeRate(roomId, CURSOR_RATE, WHOLE_ROOM, Date.now()))) {
      throw refuse('room/rate-limited', 'Cursor updates are limited; this one was dropped.');
    }
    // Volatile: a late cursor position is worthless, so a congested guest skips it rather than queueing.
    socket.volatile.to(roomChannel(roomId)).emit('cursor-move', { x, y });
  });

  onRoomEvent(socket, 'stop-sharing', logger, async ({ roomId }) => {
    hub.hostMembership(socket, roomId, 'stop sharing');
    // A relay frame still queued would repaint the guest's canvas after it went back to waiting.
    relay.dropQueued(roomId);
    (await hub.media.peek(roomId))?.closeSource(socket.id, 'screen');
    socket.to(roomChannel(roomId)).emit('stop-sharing', {});
  });
}
