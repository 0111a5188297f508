import { useEffect, useRef, useState } from 'react';
import { useLinkOrigin, useServices } from '../../app/ServicesContext';
import { displayName } from '../../components/userLabels';
import { ROOM_DEFAULT_SETTINGS } from '@riffroom/protocol';
import type { CreatedRoom } from '../../services/api/rooms';
import type { OwnProfileState } from '../dashboard/useOwnProfile';

export type HostRoomState =
  | { phase: 'loading-profile' }
  | { phase: 'creating' }
  | { phase: 'failed' }
  | { phase: 'ready'; room: CreatedRoom; hostName: string };

/** Spec part 4: the host's room is created automatically once the profile loads and none exists. */
export function useHostRoom(profileState: OwnProfileState, fallbackName: string): HostRoomState {
  const { api } = useServices();
  const linkOrigin = useLinkOrigin();
  const [outcome, setOutcome] = useState<HostRoomState | null>(null);
  // One creation per screen, even when React runs the effect twice (StrictMode) or re-renders.
  const creation = useRef<Promise<{ room: CreatedRoom; hostName: string }> | null>(null);

  useEffect(() => {
    if (profileState.status === 'loading') return;
    const hostName = profileState.profile ? displayName(profileState.profile) : fallbackName;
    creation.current ??= api.rooms
      .create({
        name: `${hostName}'s Room`,
        baseUrl: linkOrigin,
        // Spec part 7's three settings; the tier starts as the server's default ('auto').
        settings: {
          isPublic: ROOM_DEFAULT_SETTINGS.isPublic,
          maxParticipants: ROOM_DEFAULT_SETTINGS.maxParticipants,
          allowGuestAccess: ROOM_DEFAULT_SETTINGS.allowGuestAccess,
        },
      })
      .then((room) => ({ room, hostName }));
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
  }, [api, profileState, fallbackName, linkOrigin]);

  if (outcome) return outcome;
  return profileState.status === 'loading' ? { phase: 'loading-profile' } : { phase: 'creating' };
}
