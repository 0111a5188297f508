import { refuse } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RoomDirectory } from './room-directory.js';
import type { RoomHub } from './room-hub.js';
import type { TalkbackRooms } from './room-talkback.js';
import { onRoomEvent } from './socket-handler.js';
import { roomChannel, type RealtimeSocket } from './types.js';

/**
 * The host's controls (issue "control who joins"): room:controls (guest access, maximum
 * participants, public or private, the lock) and room:remove. Only the room's host, as its verified
 * token makes it, may use them; the rules themselves are LiveRoom's, checked on every join.
 */
export function handleRoomControls(
  socket: RealtimeSocket,
  hub: RoomHub,
  directory: RoomDirectory,
  logger: Logger,
  talkback: TalkbackRooms | null = null,
): void {
  onRoomEvent(socket, 'room:controls', logger, async ({ roomId, ...change }) => {
    const { live } = hub.hostMembership(socket, roomId, 'change who may join');
    // The lock and guest talkback hold on every node (the room state store); settings go to the record.
    await hub.roomState.setRestrictions(roomId, {
      locked: change.locked,
      allowGuestTalkback: change.allowGuestTalkback,
    });
    const controls = live.applyControls(change);
    // Kept with the room: a join after the room was empty for a moment reads the record again.
    await directory.saveSettings(roomId, controls.settings);
    socket.to(roomChannel(roomId)).emit('room-controls', controls);
    // Guest talkback turned off: a guest talking now stops (talkback.ts).
    if (change.allowGuestTalkback !== undefined) await talkback?.controlsChanged(roomId);
    return controls;
  });

  onRoomEvent(socket, 'room:remove', logger, async ({ roomId, peerId }) => {
    const { live } = hub.hostMembership(socket, roomId, 'remove people');
    const target = live.member(peerId);
    if (!target || target.role === 'host') {
      throw refuse('room/not-joined', 'Only someone in this room other than the host can be removed.');
    }
    // Kept with the room first: the REST join and every node refuse them, also after a restart.
    await directory.remove(roomId, target.key);
    const sockets = live.removePerson(peerId) ?? [];
    for (const id of sockets) {
      const removed = socket.nsp.sockets.get(id);
      if (!removed) continue;
      removed.emit('removed-from-room', { roomId });
      await hub.leaveRoom(removed, roomId);
    }
    logger.info({ roomId, sockets: sockets.length }, 'the host removed a person from the room');
  });
}
