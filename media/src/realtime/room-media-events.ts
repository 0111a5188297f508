import type { Logger } from 'pino';
import type { SfuRoom } from '../sfu/sfu-room.js';
import { roomChannel, type RealtimeServer } from './types.js';

/** A room's media changes as its members hear them (the spec's sfu:* events). */
export function wireRoomMedia(io: RealtimeServer, room: SfuRoom, logger: Logger): void {
  const channel = roomChannel(room.roomId);
  room.on('new-producer', ({ peerId, ...producer }) =>
    io.to(channel).except(peerId).emit('sfu:new-producer', producer),
  );
  room.on('producer-closed', ({ producerId }) => io.to(channel).emit('sfu:producer-closed', { producerId }));
  // A socket's peer id is its Socket.IO id, which is also a channel of that socket alone.
  room.on('consumer-layers', ({ peerId, ...layers }) => io.to(peerId).emit('sfu:layers', layers));
  room.on('consumer-renew', ({ peerId, producerId, resends, estimate, needed }) => {
    // What each viewer's link was judged to carry: how a studio tells why someone's audio had gaps.
    logger.info(
      { roomId: room.roomId, peerId, estimateKbps: Math.round(estimate / 1000), neededKbps: Math.round(needed / 1000) },
      resends ? 'program audio resends on for a viewer' : 'program audio resends off for a viewer',
    );
    io.to(peerId).emit('sfu:renew-consumer', { producerId });
  });
}
