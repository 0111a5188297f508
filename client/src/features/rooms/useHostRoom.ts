import { useEffect, useRef, useState } from 'react';
import { useLinkOrigin, useServices } from '../../app/ServicesContext';
import { displayName } from '../../components/userLabels';
import { ROOM_DEFAULT_SETTINGS } from '@riffroom/protocol';
import type { CreatedRoom, RoomsApi } from '../../services/api/rooms';
import type { OwnProfileState } from '../dashboard/useOwnProfile';

export type HostRoomState =
  | { phase: 'loading-profile' }
  | { phase: 'creating' }
  | { phase: 'failed' }
  | { phase: 'ready'; room: CreatedRoom; hostName: string };

/**
 * Spec part 4: the host's room is created automatically once the profile loads and none exists.
 * One that exists is resumed instead (a reload, Start Hosting again, /host-room/{id}): `wantedRoomId`
 * first, when it is a live room this host hosts, else the host's newest live room (GET
 * /api/rooms/live/mine). A new room only when the host has none going.
 */
export function useHostRoom(
  profileState: OwnProfileState,
  fallbackName: string,
  hostUid: string,
  wantedRoomId: string | null = null,
): HostRoomState {
  const { api } = useServices();
  const linkOrigin = useLinkOrigin();
  const [outcome, setOutcome] = useState<HostRoomState | null>(null);
  // One creation per screen, even when React runs the effect twice (StrictMode) or re-renders.
  const creation = useRef<Promise<{ room: CreatedRoom; hostName: string }> | null>(null);

  useEffect(() => {
    if (profileState.status === 'loading') return;
    const hostName = profileState.profile ? displayName(profileState.profile) : fallbackName;
    creation.current ??= resumeOrCreate(api.rooms, hostUid, wantedRoomId, hostName, linkOrigin).then((room) => ({
      room,
      hostName,
    }));
    let current = true;
    creation.current.then(
      ({ room, hostName: name }) => current && setOutcome({ phase: 'ready', room, hostName: name }),
      (error: unknown) => {
        console.error('Failed to create room', error);
        if (current) setOutcome({ phase: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [api, profileState, fallbackName, hostUid, wantedRoomId, linkOrigin]);

  if (outcome) return outcome;
  return profileState.status === 'loading' ? { phase: 'loading-profile' } : { phase: 'creating' };
}

async function resumeOrCreate(
  rooms: RoomsApi,
  hostUid: string,
  wantedRoomId: string | null,
  hostName: string,
  linkOrigin: string,
): Promise<CreatedRoom> {
  if (wantedRoomId) {
    // Start Hosting links to a fresh random id, which no room has: that falls through to the rest.
    const wanted = await rooms.get(wantedRoomId).catch(() => null);
    if (wanted && wanted.host.firebase_uid === hostUid) {
      return { roomId: wanted.roomId, name: wanted.name, settings: wanted.settings };
    }
  }
  const live = await rooms.mine();
  if (live) return live;
  return rooms.create({
    name: `${hostName}'s Room`,
    baseUrl: linkOrigin,
    // Spec part 7's three settings; the tier starts as the server's default ('auto').
    settings: {
      isPublic: ROOM_DEFAULT_SETTINGS.isPublic,
      maxParticipants: ROOM_DEFAULT_SETTINGS.maxParticipants,
      allowGuestAccess: ROOM_DEFAULT_SETTINGS.allowGuestAccess,
    },
  });
}
