import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { displayName } from '../../components/userLabels';
import { inviteMessage } from './invite';

export type InviteOnCreate =
  { status: 'none' } | { status: 'sending' } | { status: 'sent'; name: string } | { status: 'failed' };

/**
 * Collaborate on a person's card starts hosting with that person invited: the invite goes out as a
 * direct message as soon as the room exists, once per room, however often the screen renders.
 */
export function useInviteOnCreate(
  uid: string | null,
  room: { roomId: string; name: string; link: string } | null,
): InviteOnCreate {
  const { api } = useServices();
  const [state, setState] = useState<InviteOnCreate>({ status: 'none' });
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!uid || !room || sentFor.current === room.roomId) return;
    sentFor.current = room.roomId;
    setState({ status: 'sending' });
    api.messages.send(uid, inviteMessage(room.name, room.link)).then(
      async () => {
        const user = await api.users.getByUid(uid).catch(() => null);
        setState({ status: 'sent', name: user ? displayName(user) : uid });
      },
      (error: unknown) => {
        console.error('Invite failed', error);
        setState({ status: 'failed' });
      },
    );
  }, [api, uid, room]);

  return state;
}
