import type { PublicUser } from '@riffroom/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';

export interface ExploreState {
  /** Null while loading. */
  users: PublicUser[] | null;
  following: ReadonlySet<string>;
  /** Uids whose follow/unfollow call is in flight; their button waits. */
  pending: ReadonlySet<string>;
}

/** Everyone but the signed-in user, and whom they follow; follow and unfollow keep the two in step. */
export function useExploreUsers(currentUid: string) {
  const { api } = useServices();
  const [users, setUsers] = useState<PublicUser[] | null>(null);
  const [following, setFollowing] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

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
    void Promise.all([everyone, followed]).then(([all, mine]) => {
      if (!current) return;
      // Spec part 6: the explore list excludes the current user.
      setUsers(all.filter((user) => user.firebase_uid !== currentUid));
      setFollowing(new Set(mine.map((user) => user.firebase_uid)));
    });
    return () => {
      current = false;
    };
  }, [api, currentUid]);

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

  const state: ExploreState = { users, following, pending };
  return { state, toggleFollow };
}
