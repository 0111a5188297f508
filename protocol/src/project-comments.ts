import { z } from 'zod';
import { fileIdSchema, projectIdSchema, listenTokenSchema } from './projects.js';
import { multiLineText } from './text.js';
import { uidSchema } from './user.js';

/**
 * Feedback pinned to the second (issue 36 item 5): a project member comments on one version of a
 * track at a moment (atMs) or a range (atMs..endMs); others reply in its thread, resolve or reopen
 * it. Replies carry no time of their own: they belong to their thread's moment.
 */

export const COMMENT_BODY_MAX_LENGTH = 2000;
/** No recording is this long; the service then holds the time to the version's own length. */
export const COMMENT_TIME_MAX_MS = 24 * 3600_000;

export const commentIdSchema = z.string().regex(/^[A-Za-z0-9_-]{10,40}$/, 'must be a comment id');
export const projectCommentParamsSchema = z.object({ projectId: projectIdSchema, commentId: commentIdSchema });
export const listenCommentsParamsSchema = z.object({ token: listenTokenSchema, fileId: fileIdSchema });

export const commentBodyTextSchema = multiLineText()
  .min(1, 'Write something first.')
  .max(COMMENT_BODY_MAX_LENGTH, `A comment has at most ${COMMENT_BODY_MAX_LENGTH} characters.`);

const timeMs = z.number().int().min(0).max(COMMENT_TIME_MAX_MS);

/** A new comment: at a moment (and optionally to the end of a range), or a reply to a thread. */
export const createCommentBodySchema = z
  .object({
    body: commentBodyTextSchema,
    atMs: timeMs.optional(),
    endMs: timeMs.optional(),
    parentId: commentIdSchema.optional(),
  })
  .refine((input) => input.parentId !== undefined || input.atMs !== undefined, {
    message: 'A comment needs a time (atMs), or a thread to answer (parentId).',
    path: ['atMs'],
  })
  .refine((input) => input.parentId === undefined || (input.atMs === undefined && input.endMs === undefined), {
    message: 'A reply takes its time from its thread.',
    path: ['parentId'],
  })
  .refine((input) => input.endMs === undefined || (input.atMs !== undefined && input.endMs > input.atMs), {
    message: 'A range ends after it starts.',
    path: ['endMs'],
  });
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

export const editCommentBodySchema = z.object({ body: commentBodyTextSchema });
export const resolveCommentBodySchema = z.object({ resolved: z.boolean() });

/** Whether a comment's time lies within the version it is on (the service checks this; the page too). */
export function commentFitsDuration(input: { atMs?: number; endMs?: number }, durationMs: number): boolean {
  return (input.atMs ?? 0) <= durationMs && (input.endMs ?? 0) <= durationMs;
}

/** A moment as people say it in feedback: 1:23, or 1:02:03 past the hour. */
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** '1:23', '1:02:03', '83' or '1:23.5' as milliseconds; null when it is none of those. */
export function parseClock(text: string): number | null {
  const match = /^\s*(?:(\d{1,2}):)?(?:(\d{1,3}):)?(\d{1,5}(?:\.\d{1,3})?)\s*$/.exec(text);
  if (!match) return null;
  const [first, second, last] = [match[1], match[2], Number(match[3])];
  const hours = second !== undefined ? Number(first) : 0;
  const minutes = second !== undefined ? Number(second) : first !== undefined ? Number(first) : 0;
  if ((first !== undefined || second !== undefined) && last >= 60) return null;
  return Math.round((hours * 3600 + minutes * 60 + last) * 1000);
}

/**
 * The project members a comment @mentions, by username (the user schema's characters); the
 * service keeps only the usernames of the project's members.
 */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^A-Za-z0-9_.-])@([A-Za-z0-9_.-]{1,30})/g)) {
    names.add(match[1]!.replace(/[.-]+$/, '').toLowerCase());
  }
  return [...names].filter(Boolean);
}

export const projectCommentSchema = z.object({
  id: commentIdSchema,
  fileId: fileIdSchema,
  /** The thread's first comment; null for that first comment itself. */
  parentId: commentIdSchema.nullable(),
  authorUid: uidSchema,
  authorName: z.string(),
  body: z.string(),
  /** The thread's moment in the version, in milliseconds (a reply repeats its thread's). */
  atMs: z.number().int().min(0),
  endMs: z.number().int().min(0).nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Set on a thread's first comment while the thread is resolved. */
  resolvedAt: z.string().nullable(),
  resolvedByName: z.string().nullable(),
});
export type ProjectComment = z.infer<typeof projectCommentSchema>;

/** Oldest first; threads are grouped by parentId on the page. */
export const projectCommentsResponseSchema = z.object({ comments: z.array(projectCommentSchema) });
export const projectCommentResponseSchema = z.object({ comment: projectCommentSchema });
