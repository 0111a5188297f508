import type { RoomPeer } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { LiveRoom, Member } from '../rooms/live-room.js';
import { roomChannel, type RealtimeServer, type SocketData } from './types.js';

/**
 * A room's peers on every node. Read from the sockets themselves (fetchSockets, through the Redis
 * adapter when scaled out) rather than from a copy in the room state store: socket.data is what is
 * connected now, a node that dies takes its sockets with it (no stale entry to expire), and these
 * questions (join-room's peers, get-peers, p2p:verify-peer) are rare enough for a round trip.
 * On one box the in-memory adapter answers from this process.
 */
type RoomMemberData = NonNullable<SocketData['member']>;

export function publicMember({ peerId, firebase_uid, user_name, role }: Member | RoomPeer): RoomPeer {
  return { peerId, firebase_uid, user_name, role };
}

async function membersOf(io: RealtimeServer, roomId: string): Promise<RoomMemberData[]> {
  const sockets = await io.in(roomChannel(roomId)).fetchSockets();
  return sockets.flatMap(({ data }) => (data.member && data.roomId === roomId ? [data.member] : []));
}

/** join-room's peers: every member on every node but the caller; this node's when another node does not answer. */
export async function roomPeers(
  io: RealtimeServer,
  roomId: string,
  exceptPeerId: string,
  live: LiveRoom,
  logger: Logger,
): Promise<RoomPeer[]> {
  try {
    return (await membersOf(io, roomId)).filter((m) => m.peerId !== exceptPeerId).map(publicMember);
  } catch (error) {
    logger.warn({ err: error, roomId }, 'could not list the room peers across nodes');
    return live.peers(exceptPeerId);
  }
}

/** get-peers: the PeerJS ids the host's sockets announced, on any node, never the caller's own. */
export async function hostP2pPeers(io: RealtimeServer, roomId: string, exceptPeerId: string): Promise<string[]> {
  return (await membersOf(io, roomId)).flatMap((m) =>
    m.role === 'host' && m.peerId !== exceptPeerId && m.p2pPeerId ? [m.p2pPeerId] : [],
  );
}

/** p2p:verify-peer: the member, on any node, that announced this PeerJS id. */
export async function memberByP2pPeer(
  io: RealtimeServer,
  roomId: string,
  p2pPeerId: string,
): Promise<RoomMemberData | undefined> {
  return (await membersOf(io, roomId)).find((m) => m.p2pPeerId === p2pPeerId);
}
