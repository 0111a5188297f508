import { useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api/errors';
import type { RoomView } from '@riffroom/protocol';

export type GuestRoomState =
  | { phase: 'joining' }
  /** `reason`: the server's words when they say more than the spec's 'Room not found or has ended'. */
  | { phase: 'failed'; reason?: string }
  | { phase: 'ready'; room: RoomView };

/**
 * Loads the room anyone may open by link (spec part 5: it must load, else 'Room not found or has
 * ended'), then records the join as a viewer, a call made only when signed in (spec part 6).
 */
export function useGuestRoom(roomId: string, signedIn: boolean): GuestRoomState {
  const { api } = useServices();
  const [outcome, setOutcome] = useState<{ roomId: string; state: GuestRoomState } | null>(null);

  useEffect(() => {
    let current = true;
    api.rooms.get(roomId).then(
      (room) => {
        if (!current) return;
        setOutcome({ roomId, state: { phase: 'ready', room } });
        if (signedIn) {
          api.rooms.join(roomId, 'viewer').catch((error: unknown) => console.error('Join call failed', error));
        }
      },
      (error: unknown) => {
        console.error('Failed to load room', error);
        if (!current) return;
        const { code, message } = describeError(error);
        setOutcome({ roomId, state: { phase: 'failed', ...(code === 'room/private' ? { reason: message } : {}) } });
      },
    );
    return () => {
      current = false;
    };
  }, [api, roomId, signedIn]);

  return outcome?.roomId === roomId ? outcome.state : { phase: 'joining' };
}
