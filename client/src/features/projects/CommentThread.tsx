import { useState, type FormEvent } from 'react';
import { formatClock, type ProjectComment } from '@riffroom/protocol';

/** What a thread may do, wired by VersionFeedback to the API and the player. */
export interface ThreadActions {
  myUid: string;
  /** The project's owner may delete anyone's comment. */
  canModerate: boolean;
  playFrom(ms: number): void;
  reply(threadId: string, body: string): Promise<boolean>;
  edit(commentId: string, body: string): Promise<boolean>;
  remove(commentId: string): void;
  resolve(threadId: string, resolved: boolean): void;
}

function when(comment: ProjectComment): string {
  return comment.endMs === null
    ? formatClock(comment.atMs)
    : `${formatClock(comment.atMs)}–${formatClock(comment.endMs)}`;
}

/** A text box and its button; empties itself when the send worked. */
function TextForm({
  label,
  submit,
  initial = '',
  onCancel,
  send,
}: {
  label: string;
  submit: string;
  initial?: string;
  onCancel?: () => void;
  send: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const go = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    const sent = await send(text);
    setBusy(false);
    if (sent) setText('');
  };
  return (
    <form className="comment-form" onSubmit={(event) => void go(event)}>
      <textarea aria-label={label} value={text} rows={2} maxLength={2000} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn" disabled={busy || !text.trim()}>
        {submit}
      </button>
      {onCancel && (
        <button type="button" className="btn-link" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

/** One comment: who, what, and (for its author, or the owner) edit and delete. */
function CommentBody({ comment, actions }: { comment: ProjectComment; actions: ThreadActions }) {
  const [editing, setEditing] = useState(false);
  const mine = comment.authorUid === actions.myUid;
  if (editing) {
    return (
      <TextForm
        label="Edit your comment"
        submit="Save"
        initial={comment.body}
        onCancel={() => setEditing(false)}
        send={async (text) => {
          const saved = await actions.edit(comment.id, text);
          if (saved) setEditing(false);
          return saved;
        }}
      />
    );
  }
  return (
    <div className="comment">
      <strong>{comment.authorName || 'Someone'}</strong>{' '}
      <span className="comment-body" style={{ whiteSpace: 'pre-wrap' }}>
        {comment.body}
      </span>
      {comment.editedAt && <span className="muted"> (edited)</span>}
      {mine && (
        <button type="button" className="btn-link" onClick={() => setEditing(true)}>
          Edit
        </button>
      )}
      {(mine || actions.canModerate) && (
        <button type="button" className="btn-link" onClick={() => actions.remove(comment.id)}>
          Delete
        </button>
      )}
    </div>
  );
}

/** A comment at a moment, its replies, and what members do with it. */
export function CommentThread({
  thread,
  replies,
  focused,
  actions,
}: {
  thread: ProjectComment;
  replies: ProjectComment[];
  focused: boolean;
  actions: ThreadActions;
}) {
  const [replying, setReplying] = useState(false);
  const resolved = thread.resolvedAt !== null;
  return (
    <li
      className={`comment-thread${resolved ? ' resolved' : ''}`}
      data-comment-id={thread.id}
      aria-current={focused ? 'true' : undefined}
      ref={(element) => {
        if (focused) element?.scrollIntoView?.({ block: 'nearest' });
      }}
    >
      <button
        type="button"
        className="btn-link comment-time"
        aria-label={`Play from ${formatClock(thread.atMs)}`}
        onClick={() => actions.playFrom(thread.atMs)}
      >
        {when(thread)}
      </button>
      <CommentBody comment={thread} actions={actions} />
      {resolved && <p className="muted">Resolved by {thread.resolvedByName || 'someone'}</p>}
      {replies.length > 0 && (
        <ul className="comment-replies">
          {replies.map((reply) => (
            <li key={reply.id} data-comment-id={reply.id}>
              <CommentBody comment={reply} actions={actions} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn-link" onClick={() => setReplying((now) => !now)}>
        Reply
      </button>
      <button type="button" className="btn-link" onClick={() => actions.resolve(thread.id, !resolved)}>
        {resolved ? 'Reopen' : 'Resolve'}
      </button>
      {replying && (
        <TextForm
          label={`Reply to ${thread.authorName || 'this comment'}`}
          submit="Reply"
          send={async (text) => {
            const sent = await actions.reply(thread.id, text);
            if (sent) setReplying(false);
            return sent;
          }}
        />
      )}
    </li>
  );
}
