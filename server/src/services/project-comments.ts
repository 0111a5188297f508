import {
  commentFitsDuration,
  formatClock,
  mentionedUsernames,
  type CreateCommentBody,
  type ProjectComment,
} from '@riffroom/protocol';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { Notifier } from '../notifications/notifier.js';
import type { ProjectCommentsRepository, StoredComment } from '../repositories/project-comments.js';
import type { ProjectRow, ProjectsRepository } from '../repositories/projects.js';
import type { UsersRepository } from '../repositories/users.js';
import type { ListenLinkService } from './listen-links.js';
import { newId, type ProjectService } from './projects.js';

const commentNotFound = () => notFound('comment/not-found', 'No such comment.');
const view = ({ projectId: _, ...comment }: StoredComment): ProjectComment => comment;

interface Person {
  uid: string;
  name: string;
  username: string;
}

/**
 * Feedback pinned to a moment of a version (issue 36 item 5). Whoever may see the project (its
 * owner and members) reads, writes, replies, resolves and reopens; a person edits only their own
 * comments and deletes their own (the owner may delete any); a stranger gets 404 for all of it, and
 * a listen link reads only. @mentions of members notify them ('project-mentioned'); the other
 * members learn of a new comment in their bell ('project-commented').
 */
export class ProjectCommentService {
  constructor(
    private readonly deps: {
      comments: ProjectCommentsRepository;
      projects: ProjectService;
      projectRows: ProjectsRepository;
      listenLinks: ListenLinkService;
      users: UsersRepository;
      notifier: Notifier;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async list(uid: string, projectId: string, fileId: string): Promise<ProjectComment[]> {
    await this.deps.projects.file(uid, projectId, fileId);
    return (await this.deps.comments.ofFile(fileId)).map(view);
  }

  /** What a listen link's holder reads: the same comments, while the link is live. */
  async listForLink(token: string, fileId: string): Promise<ProjectComment[]> {
    await this.deps.listenLinks.file(token, fileId);
    return (await this.deps.comments.ofFile(fileId)).map(view);
  }

  async create(uid: string, projectId: string, fileId: string, input: CreateCommentBody): Promise<ProjectComment> {
    const row = await this.deps.projects.access(uid, projectId);
    const file = await this.deps.projects.fileIn(projectId, fileId);
    let atMs = input.atMs ?? 0;
    let endMs = input.endMs ?? null;
    let parentId: string | null = null;
    if (input.parentId !== undefined) {
      const parent = await this.deps.comments.find(input.parentId);
      if (!parent || parent.projectId !== projectId || parent.fileId !== fileId) throw commentNotFound();
      // Replies join the thread's first comment, so a thread is one level deep.
      parentId = parent.parentId ?? parent.id;
      atMs = parent.atMs;
      endMs = parent.endMs;
    } else if (!commentFitsDuration(input, file.audio.durationMs)) {
      throw badRequest('comment/out-of-range', `This version is ${formatClock(file.audio.durationMs)} long.`);
    }
    const id = newId();
    await this.deps.comments.insert({
      id,
      projectId,
      fileId,
      parentId,
      authorUid: uid,
      body: input.body,
      atMs,
      endMs,
      at: this.now(),
    });
    const comment = (await this.deps.comments.find(id))!;
    await this.tell(row, file.name, comment);
    return view(comment);
  }

  async edit(uid: string, projectId: string, commentId: string, body: string): Promise<ProjectComment> {
    const comment = await this.visible(uid, projectId, commentId);
    if (comment.authorUid !== uid) throw forbidden('comment/not-author', 'You can only edit your own comments.');
    await this.deps.comments.edit(commentId, body, this.now());
    return view((await this.deps.comments.find(commentId))!);
  }

  /** Any member resolves or reopens a thread (by its first comment or any reply in it). */
  async resolve(uid: string, projectId: string, commentId: string, resolved: boolean): Promise<ProjectComment> {
    const comment = await this.visible(uid, projectId, commentId);
    const threadId = comment.parentId ?? comment.id;
    await this.deps.comments.resolve(threadId, resolved ? { uid, at: this.now() } : null);
    return view((await this.deps.comments.find(threadId))!);
  }

  async delete(uid: string, projectId: string, commentId: string): Promise<void> {
    const row = await this.deps.projects.access(uid, projectId);
    const comment = await this.inProject(projectId, commentId);
    if (comment.authorUid !== uid && row.owner_uid !== uid) {
      throw forbidden('comment/not-author', 'You can only delete your own comments.');
    }
    await this.deps.comments.delete(commentId);
  }

  private async visible(uid: string, projectId: string, commentId: string): Promise<StoredComment> {
    await this.deps.projects.access(uid, projectId);
    return this.inProject(projectId, commentId);
  }

  private async inProject(projectId: string, commentId: string): Promise<StoredComment> {
    const comment = await this.deps.comments.find(commentId);
    if (!comment || comment.projectId !== projectId) throw commentNotFound();
    return comment;
  }

  /** Mentioned members get 'project-mentioned'; everyone else in the project 'project-commented'. */
  private async tell(row: ProjectRow, fileName: string, comment: StoredComment): Promise<void> {
    const owner = await this.deps.users.findPublic(row.owner_uid);
    const people: Person[] = [
      { uid: row.owner_uid, name: owner?.user_name ?? '', username: owner?.user_username ?? '' },
      ...(await this.deps.projectRows.members(row.project_id)),
    ].filter((person) => person.uid !== comment.authorUid);
    const mentioned = new Set(mentionedUsernames(comment.body));
    const author = comment.authorName || 'Someone';
    const at = formatClock(comment.atMs);
    const link = `/projects/${row.project_id}?file=${comment.fileId}&comment=${comment.id}`;
    const data = {
      projectId: row.project_id,
      fileId: comment.fileId,
      commentId: comment.id,
      fromUid: comment.authorUid,
    };
    for (const person of people) {
      const isMentioned = person.username !== '' && mentioned.has(person.username.toLowerCase());
      await this.deps.notifier.notify({
        userId: person.uid,
        kind: isMentioned ? 'project-mentioned' : 'project-commented',
        title: isMentioned
          ? `${author} mentioned you at ${at} of “${fileName}” in “${row.name}”`
          : `${author} commented at ${at} of “${fileName}” in “${row.name}”`,
        link,
        data,
      });
    }
  }
}
