import { useState } from 'react';
import type { ProjectSummary, RecordingTrack } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { SelectField } from '../../components/fields';
import { describeError } from '../../services/api';

/**
 * One recording track into a project (issue 36): the program mix or a person's stem becomes a new
 * track there, prepared like an upload, where the project's members comment on it and compare
 * versions. The recording keeps its own file.
 */
export function AddToProject({ recordingId, track }: { recordingId: string; track: RecordingTrack }) {
  const { api } = useServices();
  const [projects, setProjects] = useState<ProjectSummary[] | null>(null);
  const [choice, setChoice] = useState('');
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const open = () => {
    setStatus(null);
    api.projects.list().then(
      (list) => {
        setProjects(list);
        setChoice(list[0]?.id ?? '');
      },
      (failure: unknown) => setStatus({ ok: false, text: describeError(failure).message }),
    );
  };

  const add = async () => {
    const project = projects?.find((candidate) => candidate.id === choice);
    if (!project) return;
    setBusy(true);
    try {
      await api.projects.addFromRecording(project.id, { recordingId, file: track.file });
      setStatus({ ok: true, text: `Added to “${project.name}”.` });
      setProjects(null);
    } catch (failure) {
      setStatus({ ok: false, text: describeError(failure).message || 'Could not add it to the project.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="recording-card__to-project">
      {projects === null ? (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-label={`Add ${track.label} to a project`}
          onClick={open}
        >
          Add to project
        </button>
      ) : projects.length === 0 ? (
        <span className="muted">Create a project first, under Projects.</span>
      ) : (
        <>
          <SelectField
            label={`Project for ${track.label}`}
            value={choice}
            options={projects.map((project) => ({ value: project.id, label: project.name }))}
            onChange={setChoice}
          />
          <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => void add()}>
            Add
          </button>
        </>
      )}
      {status && <span role={status.ok ? 'status' : 'alert'}>{status.text}</span>}
    </span>
  );
}
