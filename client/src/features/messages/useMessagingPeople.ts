import type { ConversationUser, Message, PublicUser } from '@riffroom/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import { useMyFollowing } from '../../app/useMyFollowing';

/**
 * Who the Messages tab can show: recent conversations (kept in most-recent-first order as messages
 * come and go, loaded a page at a time), the user's network, and the selected user even when they
 * are in neither. A conversation with someone not yet listed reloads the first page.
 */
export function useMessagingPeople(selectedUid: string | null) {
  const { api } = useServices();
  const [conversations, setConversations] = useState<ConversationUser[] | null>(null);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [stranger, setStranger] = useState<PublicUser | null>(null);
  // A reload restarts the list from its first page; a 'Load more' answer from before it is stale.
  const generation = useRef(0);

  const reloadConversations = useCallback(() => {
    const current = ++generation.current;
    api.messages.conversations().then(
      (page) => {
        if (current !== generation.current) return;
        setConversations(page.users);
        setNextBefore(page.nextBefore);
      },
      (error: unknown) => {
        // Spec part 8: conversation load failures are only logged.
        console.error('Failed to load conversations', error);
        setConversations((loaded) => loaded ?? []);
      },
    );
  }, [api]);

  const loadMore = useCallback(() => {
    if (!nextBefore || loadingMore) return;
    const current = generation.current;
    setLoadingMore(true);
    api.messages
      .conversations(nextBefore)
      .then(
        (page) => {
          if (current !== generation.current) return;
          setConversations((loaded) => {
            const shown = new Set((loaded ?? []).map((user) => user.firebase_uid));
            return [...(loaded ?? []), ...page.users.filter((user) => !shown.has(user.firebase_uid))];
          });
          setNextBefore(page.nextBefore);
        },
        (error: unknown) => console.error('Failed to load more conversations', error),
      )
      .finally(() => setLoadingMore(false));
  }, [api, nextBefore, loadingMore]);

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
  return {
    conversations,
    network,
    selected,
    bumpConversation,
    more: { hasMore: nextBefore !== null, loading: loadingMore, load: loadMore },
  };
}
