import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Project, ProjectFile } from '@riffroom/protocol';
import { useServices } from '../../app/ServicesContext';
import { useMyFollowing } from '../../app/useMyFollowing';
import { describeError } from '../../services/api';
import { formatBytes, saveBlob } from '../recordings/formatRecording';
import { formatSpeed, formatTimeLeft, sha256OfFile, uploadFile, type UploadProgress } from './uploads';
import { VersionFeedback } from './VersionFeedback';
import { AbCompare } from './AbCompare';
import { useMyShowcase } from './useMyShowcase';

/** While a file is preparing, the page asks again this often. */
const REFRESH_MS = 2000;

/** One upload's line: progress, speed and time left, then its SHA-256 and whether it matches. */
function UploadRow({ upload, localHash }: { upload: UploadProgress; localHash: string | undefined }) {
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  const stored = upload.file?.sha256;
  return (
    <li className="upload-row" data-upload={upload.name}>
      <span>{upload.name}</span> <progress max={100} value={percent} aria-label={`${upload.name} uploaded`} />{' '}
      <span className="upload-percent">{percent}%</span>
      {upload.state === 'uploading' && (
        <span className="muted">
          {' '}
          {formatBytes(upload.sent)} of {formatBytes(upload.total)} · {formatSpeed(upload.bytesPerSecond)} ·{' '}
          {formatTimeLeft(upload.secondsLeft)}
          {upload.resumed && ' · resumed'}
        </span>
      )}
      {upload.state === 'failed' && <span role="alert"> {upload.message}</span>}
      {stored && (
        <span className="upload-hash">
          {' '}
          SHA-256 <code>{stored}</code>
          {localHash && (localHash === stored ? ' ✓ matches your file' : ' ✗ differs from your file')}
        </span>
      )}
    </li>
  );
}

/** A/B of a track's two newest playable versions, once it has two. */
function TrackAb({ projectId, versions }: { projectId: string; versions: ProjectFile[] }) {
  const ready = versions.filter((file) => file.state === 'ready');
  if (ready.length < 2) return null;
  return <AbCompare projectId={projectId} a={ready.at(-2)!} b={ready.at(-1)!} />;
}

/** A project (issue 36): its tracks and versions with players, uploads by drag and drop, members. */
export function ProjectPage() {
  const { projectId = '' } = useParams();
  const { api } = useServices();
  const following = useMyFollowing();
  const [project, setProject] = useState<Project | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploads, setUploads] = useState<Record<string, UploadProgress>>({});
  const [hashes, setHashes] = useState<Record<string, string>>({});
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const showcase = useMyShowcase(setNotice);

  const load = useCallback(() => {
    api.projects.get(projectId).then(setProject, (failure: unknown) => setError(describeError(failure).message));
  }, [api, projectId]);
  useEffect(load, [load]);

  const preparing = project?.tracks.some((track) => track.versions.some((file) => file.state === 'preparing'));
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [preparing, load]);

  const start = (files: FileList | File[], trackId?: string) => {
    for (const file of Array.from(files)) {
      uploadFile({ projectId, trackId, file, token: () => api.projects.idToken() }, (progress) => {
        setUploads((all) => ({ ...all, [progress.key]: progress }));
        if (progress.state === 'done') load();
      });
      // The browser's own hash of the original, to check the stored copy against.
      void sha256OfFile(file).then((hash) =>
        setHashes((all) => ({ ...all, [`${file.name}:${file.size}:${file.lastModified}`]: hash })),
      );
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) start(event.dataTransfer.files);
  };

  if (error) {
    return (
      <main className="page">
        <p role="alert">{error}</p>
        <Link to="/dashboard">Back to the dashboard</Link>
      </main>
    );
  }
  if (!project) return <p className="page-status">Loading...</p>;
  const memberUids = new Set([project.ownerUid, ...project.members.map((member) => member.uid)]);
  return (
    <main className="page project-page">
      <Link to="/dashboard">← Dashboard</Link>
      <h1>{project.name}</h1>
      <p className="muted">
        Owner: {project.ownerName}
        {project.members.length > 0 && ` · Members: ${project.members.map((member) => member.name).join(', ')}`}
      </p>
      {project.owned && following && following.some((user) => !memberUids.has(user.firebase_uid)) && (
        <label>
          Add a member{' '}
          <select
            value=""
            onChange={(event) =>
              api.projects.invite(project.id, event.target.value).then(setProject, (failure: unknown) => {
                setError(describeError(failure).message);
              })
            }
          >
            <option value="">Choose someone you follow…</option>
            {following
              .filter((user) => !memberUids.has(user.firebase_uid))
              .map((user) => (
                <option key={user.firebase_uid} value={user.firebase_uid}>
                  {user.user_name}
                </option>
              ))}
          </select>
        </label>
      )}
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drop audio files here (WAV, AIFF, FLAC, MP3, AAC/M4A, Ogg), or</p>
        <button type="button" className="btn" onClick={() => input.current?.click()}>
          Choose files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Audio files to upload"
          accept="audio/*,.wav,.aif,.aiff,.flac,.mp3,.m4a,.aac,.ogg,.opus"
          onChange={(event) => event.target.files && start(event.target.files)}
        />
      </div>
      {notice && <p role="alert">{notice}</p>}
      <ul className="uploads">
        {Object.values(uploads).map((upload) => (
          <UploadRow key={upload.key} upload={upload} localHash={hashes[upload.key]} />
        ))}
      </ul>
      {project.tracks.length === 0 && <p className="muted">No tracks yet. Upload a file to start one.</p>}
      {project.tracks.map((track) => (
        <section key={track.id} className="track" aria-label={track.name}>
          <h2>{track.name}</h2>
          {track.versions.map((file) => (
            <article key={file.id} className="version">
              <h3>
                v{file.version} · {file.name}{' '}
                <span className="muted">
                  {formatBytes(file.sizeBytes)} · {file.uploaderName}
                </span>
              </h3>
              <VersionFeedback project={project} file={file} />
              <p className="muted">
                SHA-256 <code>{file.sha256}</code>{' '}
                <button
                  type="button"
                  className="btn-link"
                  onClick={() =>
                    api.projects.original(project.id, file.id).then(
                      (blob) => saveBlob(blob, file.name),
                      (failure: unknown) => setError(describeError(failure).message),
                    )
                  }
                >
                  Download original
                </button>
                {file.uploaderUid === showcase.myUid && file.state === 'ready' && (
                  <>
                    {' '}
                    <button type="button" className="btn-link" onClick={() => showcase.toggle(file.id)}>
                      {showcase.ids.includes(file.id) ? 'Remove from my profile' : 'Show on my profile'}
                    </button>
                  </>
                )}
              </p>
            </article>
          ))}
          <TrackAb projectId={project.id} versions={track.versions} />
          <label className="btn-link">
            Upload a new version
            <input
              type="file"
              hidden
              accept="audio/*,.wav,.aif,.aiff,.flac,.mp3,.m4a,.aac,.ogg,.opus"
              onChange={(event) => event.target.files && start(event.target.files, track.id)}
            />
          </label>
        </section>
      ))}
    </main>
  );
}
