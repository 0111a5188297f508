import { USERS_PAGE_DEFAULT, type PublicUser } from '@riffroom/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';

export interface ExploreState {
  /** Null while loading. */
  users: PublicUser[] | null;
  following: ReadonlySet<string>;
  /** Uids whose follow/unfollow call is in flight; their button waits. */
  pending: ReadonlySet<string>;
  /** The last page was full, so the server may have more (GET /user/users answers in pages). */
  hasMore: boolean;
  loadingMore: boolean;
}

/** Where the next page starts: the last user of a full page, the signed-in user included. */
const nextCursor = (page: PublicUser[]) => (page.length >= USERS_PAGE_DEFAULT ? page.at(-1)!.firebase_uid : null);

/** Everyone but the signed-in user, and whom they follow; follow and unfollow keep the two in step. */
export function useExploreUsers(currentUid: string) {
  const { api } = useServices();
  const [users, setUsers] = useState<PublicUser[] | null>(null);
  const [following, setFollowing] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const others = useCallback(
    (page: PublicUser[]) => page.filter((user) => user.firebase_uid !== currentUid),
    [currentUid],
  );

  useEffect(() => {
    let current = true;
    // Spec part 8: user-list and follower load failures are only logged.
    const everyone = api.users.listUsers().catch((error: unknown) => {
      console.error('Failed to load users', error);
      return [];
    });
    const followed = api.users.getMyFollowing().catch((error: unknown) => {
      console.error('Failed to load following', error);
      return [];
    });
    void Promise.all([everyone, followed]).then(([page, mine]) => {
      if (!current) return;
      // Spec part 6: the explore list excludes the current user.
      setUsers(others(page));
      setCursor(nextCursor(page));
      setFollowing(new Set(mine.map((user) => user.firebase_uid)));
    });
    return () => {
      current = false;
    };
  }, [api, others]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.users.listUsers(cursor);
      setUsers((shown) => [...(shown ?? []), ...others(page)]);
      setCursor(nextCursor(page));
    } catch (error) {
      console.error('Failed to load users', error);
    } finally {
      setLoadingMore(false);
    }
  }, [api, cursor, others]);

  const toggleFollow = useCallback(
    async (uid: string, follow: boolean) => {
      setPending((current) => new Set(current).add(uid));
      try {
        await (follow ? api.users.follow(uid) : api.users.unfollow(uid));
        setFollowing((current) => {
          const next = new Set(current);
          if (follow) next.add(uid);
          else next.delete(uid);
          return next;
        });
      } catch (error) {
        console.error(follow ? 'Failed to follow' : 'Failed to unfollow', error);
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(uid);
          return next;
        });
      }
    },
    [api],
  );

  const state: ExploreState = { users, following, pending, hasMore: cursor !== null, loadingMore };
  return { state, toggleFollow, loadMore };
}
