import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/ServicesContext';
import type { GuestRoomConnection, HostRoomConnection, RoomConnection } from '../../services/media/roomConnection';
import { initialRoomState, type MediaTier, type RoomState } from '../../services/media/roomState';
import { DEFAULT_AUDIO_BITRATE } from '../../services/media/sfuTier';

const IDLE_STATE = initialRoomState(DEFAULT_AUDIO_BITRATE);
const noSubscription = () => () => {};

/** The host room screen's connection: the host is always signed in. */
export function useHostRoomConnection(roomId: string | null): {
  connection: HostRoomConnection | null;
  state: RoomState;
} {
  const { connectRoom, api } = useServices();
  const open = useCallback(
    (roomId: string, token: string | null) =>
      connectRoom.host({
        roomId,
        token,
        // A signed-in host records its peer id on the room too (spec part 7, PATCH .../peer).
        ...(token ? { announcePeer: (peerId: string) => api.rooms.setPeer(roomId, peerId) } : {}),
      }),
    [api, connectRoom],
  );
  return useRoomConnection(roomId, true, open);
}

/** A guest room screen's connection; `tier` is a forced tier (`?tier=`), undefined lets it choose. */
export function useGuestRoomConnection(
  roomId: string | null,
  signedIn: boolean,
  tier?: MediaTier,
): { connection: GuestRoomConnection | null; state: RoomState } {
  const { connectRoom } = useServices();
  const open = useCallback(
    (roomId: string, token: string | null) => connectRoom.guest({ roomId, token, ...(tier ? { tier } : {}) }),
    [connectRoom, tier],
  );
  return useRoomConnection(roomId, signedIn, open);
}

/**
 * The live connection of one room screen: opened once the room id is known (and, for a signed-in
 * user, the token fetched), closed when the screen goes away.
 */
function useRoomConnection<C extends RoomConnection>(
  roomId: string | null,
  signedIn: boolean,
  open: (roomId: string, token: string | null) => C,
): { connection: C | null; state: RoomState } {
  const { identity } = useServices();
  const [connection, setConnection] = useState<C | null>(null);

  useEffect(() => {
    if (!roomId) return;
    let opened: C | null = null;
    let current = true;
    const tokenFor = signedIn ? identity.getIdToken() : Promise.resolve(null);
    tokenFor
      .catch(() => null)
      .then((token) => {
        if (!current) return;
        opened = open(roomId, token);
        setConnection(opened);
      });
    return () => {
      current = false;
      opened?.close();
      setConnection(null);
    };
  }, [identity, open, roomId, signedIn]);

  const state = useSyncExternalStore(
    connection?.subscribe ?? noSubscription,
    connection?.getState ?? (() => IDLE_STATE),
  );
  return { connection, state };
}
