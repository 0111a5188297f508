import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { maxIncomingKbpsSchema } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { icePolicyFromQuery, type IcePolicy } from '../../services/media/icePolicy';
import type { GuestRoomConnection, HostRoomConnection, RoomConnection } from '../../services/media/roomConnection';
import { FAILED_TO_INITIALIZE } from '../../services/media/roomRules';
import { initialRoomState, type MediaTier, type RoomState } from '../../services/media/roomState';
import { DEFAULT_AUDIO_BITRATE } from '../../services/media/sfuTier';

const IDLE_STATE = initialRoomState(DEFAULT_AUDIO_BITRATE);
/** Opening the connection threw (no socket, no media API): spec part 8's 'Failed to initialize connection'. */
const FAILED_STATE: RoomState = { ...IDLE_STATE, status: 'error', error: FAILED_TO_INITIALIZE };

/** A room screen's connection, its state, and Retry: a new connection to the same room. */
export interface LiveRoom<C extends RoomConnection> {
  connection: C | null;
  state: RoomState;
  retry(): void;
}
const noSubscription = () => () => {};

/** `?ice=relay` on either room screen: the operator's TURN check (services/media/icePolicy.ts). */
function useIcePolicy(): IcePolicy {
  return icePolicyFromQuery(new URLSearchParams(useLocation().search).get('ice'));
}

/** `?maxKbps=` on a guest's room screen: its cap on what the SFU sends it; ignored unless valid. */
function useMaxIncomingKbps(): number | undefined {
  const parsed = maxIncomingKbpsSchema.safeParse(Number(new URLSearchParams(useLocation().search).get('maxKbps')));
  return parsed.success ? parsed.data : undefined;
}

/** The host room screen's connection: the host is always signed in. */
export function useHostRoomConnection(roomId: string | null): LiveRoom<HostRoomConnection> {
  const { connectRoom, api } = useServices();
  const icePolicy = useIcePolicy();
  const open = useCallback(
    (roomId: string, token: string | null) =>
      connectRoom.host({
        roomId,
        token,
        locate: () => api.rooms.node(roomId),
        ...(icePolicy === 'relay' ? { icePolicy } : {}),
        // A signed-in host records its peer id on the room too (spec part 7, PATCH .../peer).
        ...(token ? { announcePeer: (peerId: string) => api.rooms.setPeer(roomId, peerId) } : {}),
      }),
    [api, connectRoom, icePolicy],
  );
  return useRoomConnection(roomId, true, open);
}

/** A guest room screen's connection; `tier` is a forced tier (`?tier=`), undefined lets it choose. */
export function useGuestRoomConnection(
  roomId: string | null,
  signedIn: boolean,
  tier?: MediaTier,
): LiveRoom<GuestRoomConnection> {
  const { connectRoom, api } = useServices();
  const icePolicy = useIcePolicy();
  const maxIncomingKbps = useMaxIncomingKbps();
  const open = useCallback(
    (roomId: string, token: string | null) =>
      connectRoom.guest({
        roomId,
        token,
        locate: () => api.rooms.node(roomId),
        ...(tier ? { tier } : {}),
        ...(icePolicy === 'relay' ? { icePolicy } : {}),
        ...(maxIncomingKbps ? { maxIncomingKbps } : {}),
      }),
    [api, connectRoom, tier, icePolicy, maxIncomingKbps],
  );
  return useRoomConnection(roomId, signedIn, open);
}

/**
 * The live connection of one room screen: opened once the room id is known (and, for a signed-in
 * user, the token fetched), closed when the screen goes away. Retry closes it and opens a new one
 * to the same room, with a fresh token: a connection that gave up does not come back by itself.
 */
function useRoomConnection<C extends RoomConnection>(
  roomId: string | null,
  signedIn: boolean,
  open: (roomId: string, token: string | null) => C,
): LiveRoom<C> {
  const { identity } = useServices();
  const [connection, setConnection] = useState<C | null>(null);
  const [failedToOpen, setFailedToOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /** Retry replaces a connection: the old one just closes, it does not leave the room on purpose. */
  const retrying = useRef(false);
  const retry = useCallback(() => {
    retrying.current = true;
    setAttempt((count) => count + 1);
  }, []);

  useEffect(() => {
    if (!roomId) return;
    let opened: C | null = null;
    let current = true;
    const tokenFor = signedIn ? identity.getIdToken() : Promise.resolve(null);
    tokenFor
      .catch(() => null)
      .then((token) => {
        if (!current) return;
        try {
          opened = open(roomId, token);
        } catch (error) {
          console.error('Failed to initialize connection', error);
          setFailedToOpen(true);
          return;
        }
        setFailedToOpen(false);
        setConnection(opened);
      });
    // Spec part 4: a host who closes the tab or navigates away left on purpose, and says so while the
    // page can still send; a page put in the back/forward cache opens a new connection on return.
    const onPageHide = () => opened?.leaveAndClose();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) retry();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      current = false;
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      // Back to Dashboard (or any way off the screen) is a leave on purpose; Retry only replaces.
      if (retrying.current) opened?.close();
      else opened?.leaveAndClose();
      retrying.current = false;
      setConnection(null);
    };
  }, [identity, open, roomId, signedIn, attempt, retry]);

  const state = useSyncExternalStore(
    connection?.subscribe ?? noSubscription,
    connection?.getState ?? (() => (failedToOpen ? FAILED_STATE : IDLE_STATE)),
  );
  return { connection, state, retry };
}
