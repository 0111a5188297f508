import { useCallback, useEffect, useState } from 'react';
import type { Recording } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { RecordingCard } from './RecordingCard';

/**
 * The dashboard's Projects section (issue 17 puts Recordings there): the caller's recordings and
 * those shared with them, newest first.
 */
export function RecordingsSection({ uid }: { uid: string }) {
  const { api } = useServices();
  const [recordings, setRecordings] = useState<Recording[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    api.recordings.list().then(
      (list) => {
        setRecordings(list);
        setError(null);
      },
      (failure: unknown) => setError(describeError(failure).message),
    );
  }, [api]);
  useEffect(load, [load]);

  return (
    <section className="recordings" aria-labelledby="recordings-heading">
      <h2 id="recordings-heading">Recordings</h2>
      {error && (
        <p className="muted" role="alert">
          Failed to load recordings: {error}
        </p>
      )}
      {recordings === null && !error && <p className="page-status">Loading...</p>}
      {recordings?.length === 0 && <p className="muted">No recordings yet. Record a session from the host screen.</p>}
      {recordings?.map((recording) => (
        <RecordingCard
          key={recording.id}
          recording={recording}
          own={recording.hostUid === uid}
          onChanged={(changed) =>
            setRecordings((list) => list?.map((item) => (item.id === changed.id ? changed : item)) ?? null)
          }
          onDeleted={() => setRecordings((list) => list?.filter((item) => item.id !== recording.id) ?? null)}
        />
      ))}
    </section>
  );
}
