import type { Offer, PublicUser } from '@riffroom/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';

export type PersonState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; user: PublicUser };

/** Another person's public profile (GET /api/user/by-uid): only the fields anyone may see. */
export function usePerson(uid: string): PersonState {
  const { api } = useServices();
  const [state, setState] = useState<PersonState>({ status: 'loading' });
  useEffect(() => {
    // PersonPage keys this by uid, so each person starts from 'loading'.
    let current = true;
    api.users.getByUid(uid).then(
      (user) => current && setState({ status: 'ready', user }),
      (error: unknown) => {
        if (!current) return;
        const { code, message } = describeError(error);
        // A malformed uid in the address is as unknown as a missing one.
        if (code === 'user/not-found' || code?.startsWith('validation/')) setState({ status: 'not-found' });
        else setState({ status: 'failed', message: message || 'Failed to fetch user profile' });
      },
    );
    return () => {
      current = false;
    };
  }, [api, uid]);
  return state;
}

/** The person's active offers, for the Book button; a failed load is only logged and books nothing. */
export function usePersonOffers(uid: string): Offer[] {
  const { api } = useServices();
  const [offers, setOffers] = useState<Offer[]>([]);
  useEffect(() => {
    let current = true;
    api.market.offersOf(uid).then(
      (found) => current && setOffers(found),
      (error: unknown) => console.error('Failed to load offers', error),
    );
    return () => {
      current = false;
    };
  }, [api, uid]);
  return offers;
}

/**
 * Whether the signed-in user follows `uid` (null while loading), and Follow / Unfollow with the
 * calls Explore makes. A failed call is only logged, as on Explore (spec part 8).
 */
export function useFollowing(uid: string) {
  const { api } = useServices();
  const [following, setFollowing] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    api.users.getMyFollowing().then(
      (users) => current && setFollowing(users.some((user) => user.firebase_uid === uid)),
      (error: unknown) => {
        console.error('Failed to load following', error);
        if (current) setFollowing(false);
      },
    );
    return () => {
      current = false;
    };
  }, [api, uid]);

  const toggle = useCallback(async () => {
    const follow = !following;
    setBusy(true);
    try {
      await (follow ? api.users.follow(uid) : api.users.unfollow(uid));
      setFollowing(follow);
    } catch (error) {
      console.error(follow ? 'Failed to follow' : 'Failed to unfollow', error);
    } finally {
      setBusy(false);
    }
  }, [api, uid, following]);

  return { following, busy, toggle };
}
