import type { RoomUpdate } from '@riffroom/protocol';
import type { Logger } from 'pino';
import { roomChannel, type RealtimeServer } from './types.js';

/**
 * Who is in a room, over its sockets on every node: fetchSockets goes through the Redis adapter
 * when scaled out, and sees each socket's data wherever it is, while this node's LiveRoom knows only
 * the members it holds. Counted as LiveRoom counts: people other than the host, a person with two
 * tabs once. Rejects when another node does not answer in time.
 */
export async function roomCensus(io: RealtimeServer, roomId: string): Promise<RoomUpdate> {
  const people = new Set<string>();
  let hostOnline = false;
  for (const { data } of await io.in(roomChannel(roomId)).fetchSockets()) {
    if (!data.member) continue;
    if (data.member.role === 'host') hostOnline = true;
    else people.add(data.member.key);
  }
  return { participantCount: people.size, hostOnline };
}

/**
 * Whether the room's host is in it on any node, as room-update counts it: join-room answers with
 * this, so a guest on another node than the host's is not told the host is away after room-update
 * said it is there (issue 34 item 14). This node's own count when another node does not answer.
 */
export async function hostOnlineAnywhere(
  io: RealtimeServer,
  roomId: string,
  hostHere: boolean,
  logger: Logger,
): Promise<boolean> {
  if (hostHere) return true;
  try {
    return (await roomCensus(io, roomId)).hostOnline;
  } catch (error) {
    logger.warn({ err: error, roomId }, 'could not count the room across nodes');
    return false;
  }
}

/** room-update to every member, counted over every node; a node that did not answer skips one. */
export async function sendRoomUpdate(io: RealtimeServer, roomId: string, logger: Logger): Promise<void> {
  try {
    io.to(roomChannel(roomId)).emit('room-update', await roomCensus(io, roomId));
  } catch (error) {
    // Another node did not answer in time: the next change sends a fresh count.
    logger.warn({ err: error, roomId }, 'could not count the room across nodes');
  }
}
