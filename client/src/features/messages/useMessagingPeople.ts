import type { Message, PublicUser } from '@riffroom/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import { useMyFollowing } from '../../app/useMyFollowing';

/**
 * Who the Messages tab can show: recent conversations (kept in most-recent-first order as messages
 * come and go), the user's network, and the selected user even when they are in neither.
 */
export function useMessagingPeople(selectedUid: string | null) {
  const { api } = useServices();
  const [conversations, setConversations] = useState<PublicUser[] | null>(null);
  const [stranger, setStranger] = useState<PublicUser | null>(null);

  const reloadConversations = useCallback(() => {
    api.messages.conversations().then(setConversations, (error: unknown) => {
      // Spec part 8: conversation load failures are only logged.
      console.error('Failed to load conversations', error);
      setConversations((current) => current ?? []);
    });
  }, [api]);

  useEffect(() => {
    reloadConversations();
  }, [reloadConversations]);
  const network = useMyFollowing() ?? [];

  // Read by bumpConversation, which must decide outside a state updater whether to refetch.
  const latest = useRef(conversations);
  useEffect(() => {
    latest.current = conversations;
  });

  /** `uid` just wrote or was written to: to the top of the list, fetching them if they are new. */
  const bumpConversation = useCallback(
    (uid: string) => {
      if (!latest.current?.some((user) => user.firebase_uid === uid)) return reloadConversations();
      setConversations((current) => {
        const user = current?.find((candidate) => candidate.firebase_uid === uid);
        return user ? [user, ...current!.filter((candidate) => candidate !== user)] : current;
      });
    },
    [reloadConversations],
  );

  useRealtimeEvent('new-message', (message: Message) => bumpConversation(message.from_uid));

  const known = [...(conversations ?? []), ...network].find((user) => user.firebase_uid === selectedUid);
  useEffect(() => {
    if (!selectedUid || known) return;
    let current = true;
    api.users.getByUid(selectedUid).then(
      (user) => current && setStranger(user),
      (error: unknown) => console.error('Failed to load the selected user', error),
    );
    return () => {
      current = false;
    };
  }, [api, selectedUid, known]);

  const selected = known ?? (stranger?.firebase_uid === selectedUid ? stranger : null);
  return { conversations, network, selected, bumpConversation };
}
