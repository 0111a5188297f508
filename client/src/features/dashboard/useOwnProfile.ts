import type { OwnProfile } from '@riffroom/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../app/ServicesContext';
import { ApiError } from '../../services/api';

export type OwnProfileState =
  | { status: 'loading' }
  /** `profile` is null when the account has none yet (signup stopped before saving it). */
  | { status: 'ready'; profile: OwnProfile | null };

/** The signed-in user's profile, shared by the sidebar, the greeting and My Profile. */
export function useOwnProfile(uid: string) {
  const { api } = useServices();
  const [state, setState] = useState<OwnProfileState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    api.users.getOwnProfile().then(
      (profile) => current && setState({ status: 'ready', profile }),
      (error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'user/not-found')) {
          console.error('Failed to load profile', error);
        }
        if (current) setState({ status: 'ready', profile: null });
      },
    );
    return () => {
      current = false;
    };
  }, [api, uid]);

  /** After a save: the screen shows the edited values without another round trip. */
  const replaceProfile = useCallback((profile: OwnProfile) => setState({ status: 'ready', profile }), []);

  return { state, replaceProfile };
}
