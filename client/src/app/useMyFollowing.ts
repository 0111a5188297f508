import type { PublicUser } from '@riffroom/protocol';
import { useEffect, useState } from 'react';
import { useServices } from './ServicesContext';

/**
 * The people the signed-in user follows; null while loading. A failed load is only logged (spec
 * part 8) and reads as nobody, so screens show their empty state rather than spin forever.
 */
export function useMyFollowing(): PublicUser[] | null {
  const { api } = useServices();
  const [following, setFollowing] = useState<PublicUser[] | null>(null);

  useEffect(() => {
    let current = true;
    api.users.getMyFollowing().then(
      (users) => current && setFollowing(users),
      (error: unknown) => {
        console.error('Failed to load following', error);
        if (current) setFollowing([]);
      },
    );
    return () => {
      current = false;
    };
  }, [api]);

  return following;
}
