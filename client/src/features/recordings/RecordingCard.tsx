import { useState } from 'react';
import type { Recording } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { describeError } from '../../services/api';
import { AddToProject } from './AddToProject';
import { formatBytes, formatDuration, saveBlob } from './formatRecording';

const STATUS_TEXT: Record<Recording['status'], string> = {
  recording: 'Recording…',
  complete: 'Complete',
  interrupted: 'Interrupted',
  failed: 'Failed',
};

/** One recording: its tracks with download links, Download all (.zip), and for its host Share and Delete. */
export function RecordingCard({
  recording,
  own,
  onChanged,
  onDeleted,
}: {
  recording: Recording;
  own: boolean;
  onChanged: (recording: Recording) => void;
  onDeleted: () => void;
}) {
  const { api } = useServices();
  const [error, setError] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const title = recording.roomName || 'Recording';
  const started = new Date(recording.startedAt);

  const act = (work: () => Promise<void>) => {
    setError(null);
    work().catch((failure: unknown) => setError(describeError(failure).message));
  };
  const download = (file?: string) =>
    act(async () => {
      const blob = await api.recordings.download(recording.id, file);
      saveBlob(blob, file ?? `${title}-${recording.startedAt.slice(0, 10)}.zip`);
    });
  const remove = () => {
    if (!window.confirm(`Delete the recording of ${title}? Its files are removed for good.`)) return;
    act(async () => {
      await api.recordings.remove(recording.id);
      onDeleted();
    });
  };
  const toggleShare = (uid: string, on: boolean) =>
    act(async () => {
      const uids = on ? [...recording.sharedWith, uid] : recording.sharedWith.filter((other) => other !== uid);
      onChanged(await api.recordings.share(recording.id, uids));
    });

  return (
    <article className="recording-card" data-testid="recording-card" aria-label={`Recording of ${title}`}>
      <header className="recording-card__header">
        <h3>{title}</h3>
        <span className="muted">
          {started.toLocaleString()} · {formatDuration(recording.durationMs)} · {formatBytes(recording.sizeBytes)}
        </span>
        <span className={`recording-card__status recording-card__status--${recording.status}`}>
          {STATUS_TEXT[recording.status]}
        </span>
      </header>
      {recording.message && <p className="muted">{recording.message}</p>}
      <ul className="recording-card__tracks">
        {recording.tracks.map((track) => (
          <li key={track.file}>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => download(track.file)}>
              {track.label}
            </button>
            <span className="muted">
              {track.file} · {formatBytes(track.bytes)}
              {/* A copy shared after Record starts later: where to place it in a DAW. */}
              {track.offsetMs > 0 && ` · starts at ${(track.offsetMs / 1000).toFixed(2)} s`}
            </span>
            {/* Audio only: a screen capture is not a version of a song. */}
            {recording.status !== 'recording' && track.kind !== 'screen' && (
              <AddToProject recordingId={recording.id} track={track} />
            )}
          </li>
        ))}
      </ul>
      <div className="recording-card__actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => download()}
          disabled={recording.tracks.length === 0}
        >
          Download all (.zip)
        </button>
        {own && (
          <>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setSharing(!sharing)}>
              Share
            </button>
            <button type="button" className="btn btn--danger btn--small" onClick={remove}>
              Delete
            </button>
          </>
        )}
      </div>
      {own && sharing && (
        <fieldset className="recording-card__share">
          <legend>Share with members of the room</legend>
          {recording.members.length === 0 && <p className="muted">Nobody else joined this room signed in.</p>}
          {recording.members.map((member) => (
            <label key={member.uid}>
              <input
                type="checkbox"
                checked={recording.sharedWith.includes(member.uid)}
                onChange={(event) => toggleShare(member.uid, event.target.checked)}
              />{' '}
              {member.name || member.uid}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p className="muted" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}
