import type { RoomRole } from '@riffroom/protocol';
import type { RoomHub } from '../realtime/room-hub.js';
import type { MediaRelay } from '../relay/media-relay.js';

/**
 * The tier a member's media comes over, as the server sees it: a relay subscriber is on the relay;
 * one with a WebRTC transport on the room's router is on the SFU; one that announced a PeerJS id
 * is on the peer-to-peer tier; anyone else has not chosen yet ('none', e.g. still connecting).
 */
export type PeerTier = 'sfu' | 'p2p' | 'relay' | 'none';

export interface RoomCensus {
  rooms: number;
  /** Members by `${tier}/${role}`. */
  peers: Map<`${PeerTier}/${RoomRole}`, number>;
  producers: number;
  consumers: number;
}

/** One walk over the live rooms at scrape time: no counters to keep in step with every event. */
export function takeRoomCensus(hub: RoomHub, relay: MediaRelay | null): RoomCensus {
  const census: RoomCensus = { rooms: 0, peers: new Map(), producers: 0, consumers: 0 };
  for (const live of hub.liveRooms()) {
    census.rooms += 1;
    const media = hub.media.loaded(live.roomId);
    for (const member of live.allMembers()) {
      const tier: PeerTier = relay?.isSubscriber(live.roomId, member.peerId)
        ? 'relay'
        : media?.hasTransports(member.peerId)
          ? 'sfu'
          : member.p2pPeerId
            ? 'p2p'
            : 'none';
      const key = `${tier}/${member.role}` as const;
      census.peers.set(key, (census.peers.get(key) ?? 0) + 1);
    }
  }
  for (const room of hub.media.allLoaded()) {
    const counts = room.mediaCounts();
    census.producers += counts.producers;
    census.consumers += counts.consumers;
  }
  return census;
}
