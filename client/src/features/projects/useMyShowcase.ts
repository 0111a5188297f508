import { useCallback, useEffect, useState } from 'react';
import { SHOWCASE_MAX } from '@riffroom/protocol';
import { useSignedInUser } from '../../app/AuthContext';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';

/** Which of my uploaded versions my profile shows, and a toggle for the project page. */
export function useMyShowcase(onError: (message: string) => void) {
  const { api } = useServices();
  const me = useSignedInUser();
  const [ids, setIds] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    api.projects.showcase(me.uid).then(
      (tracks) => current && setIds(tracks.map((track) => track.fileId)),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, me.uid]);
  const toggle = useCallback(
    (fileId: string) => {
      const next = ids.includes(fileId) ? ids.filter((id) => id !== fileId) : [...ids, fileId];
      if (next.length > SHOWCASE_MAX) return onError(`Your profile shows at most ${SHOWCASE_MAX} tracks.`);
      api.projects.setShowcase(next).then(
        (tracks) => setIds(tracks.map((track) => track.fileId)),
        (failure: unknown) => onError(describeError(failure).message),
      );
    },
    [api, ids, onError],
  );
  return { myUid: me.uid, ids, toggle };
}
