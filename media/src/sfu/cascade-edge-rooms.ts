import type { types } from 'mediasoup';
import type { SfuRoom } from './sfu-room.js';

/**
 * The rooms this node serves as a cascade edge now (scale/cascade's EdgeLink adds and removes
 * them). Their talkback is the origin's to announce: the origin holds every talker (an edge's own
 * ones piped in), the host's levels and ducking, and its talkback-state and speaking lights reach
 * the edge's members through the Socket.IO adapter; an edge announcing its own view would contradict it.
 */
export const cascadeEdgeRooms = new WeakSet<SfuRoom>();

/** How long an edge's talkback:consume waits for a talker the origin announced to be piped in. */
export const TALKBACK_PIPE_WAIT_MS = 2000;

/**
 * The origin's talkback-state can reach an edge's member (through Redis) before the pipe brings
 * the talker's mic to the edge: on an edge, a consume waits for it, bounded.
 */
export async function whenTalkbackPiped(room: SfuRoom, producerId: string): Promise<void> {
  const has = () => room.talkbackProducers().some(({ producer }) => producer.id === producerId);
  if (!cascadeEdgeRooms.has(room) || has()) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      room.off('talkback-producer-added', added);
      resolve();
    };
    const added = (producer: types.Producer) => producer.id === producerId && done();
    const timer = setTimeout(done, TALKBACK_PIPE_WAIT_MS);
    room.on('talkback-producer-added', added);
  });
}
