import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useServices } from '../../app/ServicesContext';
import { icePolicyFromQuery } from '../../services/media/icePolicy';
import type { RoomConnection } from '../../services/media/roomConnection';
import { initialRoomState, type MediaTier, type RoomState } from '../../services/media/roomState';
import { DEFAULT_AUDIO_BITRATE } from '../../services/media/sfuTier';

const IDLE_STATE = initialRoomState(DEFAULT_AUDIO_BITRATE);
const noSubscription = () => () => {};

/**
 * The live connection of one room screen: opened once the room id is known (and, for a signed-in
 * user, the token fetched), closed when the screen goes away.
 */
export function useRoomConnection(
  roomId: string | null,
  role: 'host' | 'guest',
  signedIn: boolean,
  /** A forced tier (guest's `?tier=`); undefined lets the connection choose. */
  tier?: MediaTier,
): { connection: RoomConnection | null; state: RoomState } {
  const { connectRoom, identity, api } = useServices();
  const [connection, setConnection] = useState<RoomConnection | null>(null);
  // `?ice=relay` on either screen: the operator's TURN check (services/media/icePolicy.ts).
  const icePolicy = icePolicyFromQuery(new URLSearchParams(useLocation().search).get('ice'));

  useEffect(() => {
    if (!roomId) return;
    let opened: RoomConnection | null = null;
    let current = true;
    const tokenFor = signedIn ? identity.getIdToken() : Promise.resolve(null);
    tokenFor
      .catch(() => null)
      .then((token) => {
        if (!current) return;
        // A signed-in host records its peer id on the room too (spec part 7, PATCH .../peer).
        const announcePeer =
          role === 'host' && token ? (peerId: string) => api.rooms.setPeer(roomId, peerId) : undefined;
        opened = connectRoom({
          roomId,
          role,
          token,
          ...(tier ? { tier } : {}),
          ...(icePolicy === 'relay' ? { icePolicy } : {}),
          ...(announcePeer ? { announcePeer } : {}),
        });
        setConnection(opened);
      });
    return () => {
      current = false;
      opened?.close();
      setConnection(null);
    };
  }, [api, connectRoom, identity, roomId, role, signedIn, tier, icePolicy]);

  const state = useSyncExternalStore(
    connection?.subscribe ?? noSubscription,
    connection?.getState ?? (() => IDLE_STATE),
  );
  return { connection, state };
}
