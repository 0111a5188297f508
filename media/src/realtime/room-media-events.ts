import type { Logger } from 'pino';
import type { ProgramAudioChange } from '../sfu/audio-reserve.js';
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
  room.on('consumer-renew', ({ peerId, producerId, change }) => {
    // What each viewer's link was judged to carry: how a studio tells why someone's audio had gaps.
    const judged = {
      estimateKbps: Math.round(change.estimate / 1000),
      neededKbps: Math.round(change.needed / 1000),
      ...(change.what === 'rendition' ? { audioScore: change.audioScore } : {}),
    };
    logger.info({ roomId: room.roomId, peerId, ...judged }, describeAudioChange(change));
    io.to(peerId).emit('sfu:renew-consumer', { producerId });
  });
}

function describeAudioChange(change: ProgramAudioChange): string {
  if (change.what === 'rendition') {
    return change.rendition === 'thin'
      ? 'program audio moved to its thin stream for a viewer'
      : 'program audio back to its studio stream for a viewer';
  }
  return change.resends ? 'program audio resends on for a viewer' : 'program audio resends off for a viewer';
}
