import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  commentFitsDuration,
  formatClock,
  parseClock,
  type Project,
  type ProjectComment,
  type ProjectFile,
} from '@riffroom/protocol';
import { useRealtimeEvent } from '../../app/RealtimeContext';
import { useServices } from '../../app/ServicesContext';
import { useSignedInUser } from '../../app/AuthContext';
import { describeError } from '../../services/api';
import { CommentThread, type ThreadActions } from './CommentThread';
import { WaveformPlayer, type PlayerControls } from './WaveformPlayer';

/** The new comment's form: text, the moment (the player's position unless typed) and an optional end. */
function NewComment({
  durationMs,
  position,
  mentionable,
  send,
}: {
  durationMs: number;
  position: () => number;
  mentionable: string[];
  send: (input: { body: string; atMs: number; endMs?: number }) => Promise<boolean>;
}) {
  const [body, setBody] = useState('');
  const [at, setAt] = useState('');
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const atMs = at.trim() === '' ? position() : parseClock(at);
    const endMs = end.trim() === '' ? undefined : parseClock(end);
    if (atMs === null || endMs === null) return setProblem('Write times as 1:23 (minutes:seconds).');
    if (endMs !== undefined && endMs <= atMs) return setProblem('A range ends after it starts.');
    if (!commentFitsDuration({ atMs, endMs }, durationMs)) {
      return setProblem(`This version is ${formatClock(durationMs)} long.`);
    }
    setProblem(null);
    if (await send({ body, atMs, ...(endMs !== undefined ? { endMs } : {}) })) {
      setBody('');
      setAt('');
      setEnd('');
    }
  };
  return (
    <form className="comment-form new-comment" onSubmit={(event) => void submit(event)}>
      <textarea
        aria-label="Comment"
        placeholder="At this moment…"
        rows={2}
        maxLength={2000}
        value={body}
        onFocus={() => at === '' && setAt(formatClock(position()))}
        onChange={(event) => setBody(event.target.value)}
      />
      <label>
        At <input size={7} aria-label="At" value={at} placeholder="0:00" onChange={(e) => setAt(e.target.value)} />
      </label>{' '}
      <label>
        to{' '}
        <input
          size={7}
          aria-label="To (optional)"
          value={end}
          placeholder="—"
          onChange={(e) => setEnd(e.target.value)}
        />
      </label>{' '}
      <button type="submit" className="btn" disabled={!body.trim()}>
        Comment
      </button>
      {mentionable.length > 0 && (
        <p className="muted">Mention someone: {mentionable.map((name) => `@${name}`).join(', ')}</p>
      )}
      {problem && <p role="alert">{problem}</p>}
    </form>
  );
}

const LIVE_COMMENT_KINDS = new Set(['project-commented', 'project-mentioned']);

/**
 * A version's player with its feedback (issue 36 item 5): comments as markers on the waveform,
 * threads below ordered by their moment; clicking either plays from there.
 */
export function VersionFeedback({ project, file }: { project: Project; file: ProjectFile }) {
  const { api } = useServices();
  const me = useSignedInUser();
  const [params] = useSearchParams();
  const controls = useRef<PlayerControls | null>(null);
  const [comments, setComments] = useState<ProjectComment[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(params.get('comment'));

  const load = useCallback(() => {
    api.projects.comments(project.id, file.id).then(setComments, (failure: unknown) => {
      setError(describeError(failure).message);
    });
  }, [api, project.id, file.id]);
  useEffect(load, [load]);
  // Another member's comment on this version reaches us as our bell's notification (the server
  // tells every member but its author): the threads follow it live, without a reload.
  useRealtimeEvent('notification', (item) => {
    if (LIVE_COMMENT_KINDS.has(item.kind) && item.data.fileId === file.id) load();
  });

  const failed = (failure: unknown) => {
    setError(describeError(failure).message);
    return false;
  };
  const act = (work: Promise<unknown>) => {
    work.then(() => {
      setError(null);
      load();
    }, failed);
  };
  const actions: ThreadActions = {
    myUid: me.uid,
    canModerate: project.owned,
    playFrom: (ms) => controls.current?.playFrom(ms),
    reply: (threadId, body) =>
      api.projects.addComment(project.id, file.id, { body, parentId: threadId }).then(() => {
        load();
        return true;
      }, failed),
    edit: (commentId, body) =>
      api.projects.editComment(project.id, commentId, body).then(() => {
        load();
        return true;
      }, failed),
    remove: (commentId) => act(api.projects.deleteComment(project.id, commentId)),
    resolve: (threadId, resolved) => act(api.projects.resolveComment(project.id, threadId, resolved)),
  };

  const threads = comments
    .filter((comment) => comment.parentId === null)
    .sort((a, b) => a.atMs - b.atMs || a.createdAt.localeCompare(b.createdAt));
  const mentionable = project.members.filter((member) => member.uid !== me.uid && member.username);
  return (
    <div className="version-feedback">
      <WaveformPlayer
        projectId={project.id}
        file={file}
        controls={controls}
        onMarker={setFocused}
        markers={threads.map((thread) => ({
          id: thread.id,
          atMs: thread.atMs,
          endMs: thread.endMs,
          label: thread.body.slice(0, 80),
          resolved: thread.resolvedAt !== null,
        }))}
      />
      {error && <p role="alert">{error}</p>}
      {file.state === 'ready' && (
        <NewComment
          durationMs={file.audio.durationMs}
          position={() => controls.current?.positionMs() ?? 0}
          mentionable={mentionable.map((member) => member.username)}
          send={(input) =>
            api.projects.addComment(project.id, file.id, input).then((comment) => {
              setFocused(comment.id);
              load();
              return true;
            }, failed)
          }
        />
      )}
      {threads.length > 0 && (
        <ol className="comment-threads" aria-label={`Comments on v${file.version}`}>
          {threads.map((thread) => (
            <CommentThread
              key={thread.id}
              thread={thread}
              replies={comments.filter((comment) => comment.parentId === thread.id)}
              focused={focused === thread.id}
              actions={actions}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
