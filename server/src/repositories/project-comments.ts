import type { ProjectComment } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';

interface CommentRow {
  comment_id: string;
  project_id: string;
  file_id: string;
  parent_id: string | null;
  author_uid: string;
  author_name: string | null;
  body: string;
  at_ms: number | string;
  end_ms: number | string | null;
  created_at: number | string;
  edited_at: number | string | null;
  resolved_at: number | string | null;
  resolved_by_name: string | null;
}

export type StoredComment = ProjectComment & { projectId: string };

const isoOrNull = (at: number | string | null) => (at === null ? null : new Date(Number(at)).toISOString());

const toComment = (row: CommentRow): StoredComment => ({
  id: row.comment_id,
  projectId: row.project_id,
  fileId: row.file_id,
  parentId: row.parent_id,
  authorUid: row.author_uid,
  authorName: row.author_name ?? '',
  body: row.body,
  atMs: Number(row.at_ms),
  endMs: row.end_ms === null ? null : Number(row.end_ms),
  createdAt: new Date(Number(row.created_at)).toISOString(),
  editedAt: isoOrNull(row.edited_at),
  resolvedAt: isoOrNull(row.resolved_at),
  resolvedByName: row.resolved_at === null ? null : (row.resolved_by_name ?? ''),
});

export interface NewComment {
  id: string;
  projectId: string;
  fileId: string;
  parentId: string | null;
  authorUid: string;
  body: string;
  atMs: number;
  endMs: number | null;
  at: number;
}

/** Comments on a project's versions, with their authors' and resolvers' names. */
export function projectCommentsRepository(db: Db) {
  const comments = () =>
    db('project_comments')
      .leftJoin('users as author', 'author.firebase_uid', 'project_comments.author_uid')
      .leftJoin('users as resolver', 'resolver.firebase_uid', 'project_comments.resolved_by')
      .select('project_comments.*', 'author.user_name as author_name', 'resolver.user_name as resolved_by_name');
  return {
    async insert(comment: NewComment): Promise<void> {
      await db('project_comments').insert({
        comment_id: comment.id,
        project_id: comment.projectId,
        file_id: comment.fileId,
        parent_id: comment.parentId,
        author_uid: comment.authorUid,
        body: comment.body,
        at_ms: comment.atMs,
        end_ms: comment.endMs,
        created_at: comment.at,
      });
    },
    async find(commentId: string): Promise<StoredComment | undefined> {
      const row: CommentRow | undefined = await comments().where('project_comments.comment_id', commentId).first();
      return row && toComment(row);
    },
    /** A version's comments, oldest first. */
    async ofFile(fileId: string): Promise<StoredComment[]> {
      const rows: CommentRow[] = await comments()
        .where('project_comments.file_id', fileId)
        .orderBy([
          { column: 'project_comments.created_at', order: 'asc' },
          { column: 'project_comments.comment_id', order: 'asc' },
        ]);
      return rows.map(toComment);
    },
    async edit(commentId: string, body: string, at: number): Promise<void> {
      await db('project_comments').where('comment_id', commentId).update({ body, edited_at: at });
    },
    async resolve(commentId: string, by: { uid: string; at: number } | null): Promise<void> {
      await db('project_comments')
        .where('comment_id', commentId)
        .update({ resolved_at: by?.at ?? null, resolved_by: by?.uid ?? null });
    },
    /** Deletes a comment and, when it opened a thread, the thread's replies. */
    async delete(commentId: string): Promise<void> {
      await db.transaction(async (trx) => {
        await trx('project_comments').where('parent_id', commentId).delete();
        await trx('project_comments').where('comment_id', commentId).delete();
      });
    },
  };
}
export type ProjectCommentsRepository = ReturnType<typeof projectCommentsRepository>;
