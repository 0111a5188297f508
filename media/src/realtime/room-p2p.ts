import { type VerifiedP2pPeer, refuse } from '@riffroom/protocol';
import type { Logger } from 'pino';
import type { RoomHub } from './room-hub.js';
import { hostP2pPeers, memberByP2pPeer } from './room-peers.js';
import { onRoomEvent } from './socket-handler.js';
import type { RealtimeSocket } from './types.js';

/**
 * The peer-to-peer tier's access control (ARCHITECTURE.md "Choose a tier and fall back"). PeerJS ids reach members only, and the
 * server says who may receive the host's media:
 * - peer-ready: any member records its own PeerJS id; only the host's is ever handed out.
 * - get-peers: a member asks for the host's id (the room's host by record, not by payload).
 * - p2p:verify-peer: the host asks who is behind an id that dialled it, and admits members only.
 */
export function handleRoomP2p(socket: RealtimeSocket, hub: RoomHub, logger: Logger): void {
  onRoomEvent(socket, 'peer-ready', logger, ({ roomId, peerId }) => {
    const { live } = hub.membership(socket, roomId);
    if (!live.setP2pPeer(socket.id, peerId)) {
      throw refuse('p2p/peer-taken', 'Another member announced this peer id.');
    }
    // Other nodes read the ids from socket.data (room-peers.ts); the host's claim may have cleared one.
    for (const member of live.allMembers()) {
      const held = socket.nsp.sockets.get(member.peerId)?.data.member;
      if (held) held.p2pPeerId = member.p2pPeerId;
    }
  });

  onRoomEvent(socket, 'get-peers', logger, ({ roomId }) => {
    hub.membership(socket, roomId);
    return hostP2pPeers(socket.nsp.server, roomId, socket.id);
  });

  onRoomEvent(socket, 'p2p:verify-peer', logger, async ({ roomId, peerId }) => {
    const { live } = hub.hostMembership(socket, roomId, 'check who dials its peer');
    // A member of this node is known at once; one on another node through the adapter.
    const member = live.memberByP2pPeer(peerId) ?? (await memberByP2pPeer(socket.nsp.server, roomId, peerId));
    if (!member || member.peerId === socket.id) {
      throw refuse('p2p/unknown-peer', 'No other member of this room announced that peer id.');
    }
    const { peerId: memberPeerId, firebase_uid, user_name, role, key } = member;
    return { peerId: memberPeerId, firebase_uid, user_name, role, from: key } satisfies VerifiedP2pPeer;
  });
}
