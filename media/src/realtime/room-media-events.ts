import type { SfuRoom } from '../sfu/sfu-room.js';
import { roomChannel, type RealtimeServer } from './types.js';

/** A room's media changes as its members hear them (the spec's sfu:* events). */
export function wireRoomMedia(io: RealtimeServer, room: SfuRoom): void {
  const channel = roomChannel(room.roomId);
  room.on('new-producer', ({ peerId, ...producer }) =>
    io.to(channel).except(peerId).emit('sfu:new-producer', producer),
  );
  room.on('producer-closed', ({ producerId }) => io.to(channel).emit('sfu:producer-closed', { producerId }));
  // A socket's peer id is its Socket.IO id, which is also a channel of that socket alone.
  room.on('consumer-layers', ({ peerId, ...layers }) => io.to(peerId).emit('sfu:layers', layers));
}
