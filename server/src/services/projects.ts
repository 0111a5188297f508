import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Project, ProjectSummary } from '@riffroom/protocol';
import { AppError, badRequest, forbidden, notFound } from '../errors.js';
import type { FilePaths } from '../files/file-paths.js';
import type { Notifier } from '../notifications/notifier.js';
import type { ProjectFilesRepository, StoredFile } from '../repositories/project-files.js';
import type { ProjectRow, ProjectsRepository } from '../repositories/projects.js';
import type { UsersRepository } from '../repositories/users.js';

/** Random, URL-safe ids; 96 bits, so nobody finds a project by counting. */
export const newId = () => randomBytes(12).toString('base64url');

const projectNotFound = () => notFound('project/not-found', 'No such project.');
const fileNotFound = () => notFound('file/not-found', 'No such file.');

export interface ProjectLimits {
  projectsPerPerson: number;
  membersPerProject: number;
  quotaBytesPerPerson: number;
}

/**
 * Who may see and change a project. Its owner and members see everything in it; anyone else gets
 * 404, the same answer as for a project that does not exist, so ids reveal nothing.
 */
export class ProjectService {
  constructor(
    private readonly deps: {
      projects: ProjectsRepository;
      files: ProjectFilesRepository;
      users: UsersRepository;
      paths: FilePaths;
      notifier: Notifier;
      limits: ProjectLimits;
      /** Removes a deleted project's unfinished uploads from the tus store. */
      dropUpload: (uploadId: string) => Promise<void>;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async create(uid: string, name: string): Promise<Project> {
    if (!(await this.deps.users.findPublic(uid))) {
      throw notFound('user/not-found', 'Create your profile before making a project.');
    }
    if ((await this.deps.projects.countOwnedBy(uid)) >= this.deps.limits.projectsPerPerson) {
      throw new AppError(
        409,
        'project/too-many',
        `You already own ${this.deps.limits.projectsPerPerson} projects; delete one to make another.`,
      );
    }
    const id = newId();
    await this.deps.projects.insert({ id, name, ownerUid: uid, at: this.now() });
    return this.view(uid, id);
  }

  async list(uid: string): Promise<ProjectSummary[]> {
    return (await this.deps.projects.listFor(uid)).map((row) => summary(row, uid));
  }

  /** The project when `uid` owns it or is a member; 404 otherwise. */
  async access(uid: string, projectId: string): Promise<ProjectRow> {
    const row = await this.deps.projects.find(projectId);
    if (!row) throw projectNotFound();
    if (row.owner_uid !== uid && !(await this.deps.projects.isMember(projectId, uid))) throw projectNotFound();
    return row;
  }

  private async owned(uid: string, projectId: string): Promise<ProjectRow> {
    const row = await this.access(uid, projectId);
    if (row.owner_uid !== uid) throw forbidden('project/not-owner', 'Only the project owner can do that.');
    return row;
  }

  async view(uid: string, projectId: string): Promise<Project> {
    return this.viewOf(await this.access(uid, projectId), uid);
  }

  /** The whole project as a member (or a listen link, with `viewerUid` null) sees it. */
  async viewOf(row: ProjectRow, viewerUid: string | null): Promise<Project> {
    const [members, tracks, files] = await Promise.all([
      this.deps.projects.members(row.project_id),
      this.deps.files.tracks(row.project_id),
      this.deps.files.filesOf(row.project_id),
    ]);
    return {
      ...summary(row, viewerUid),
      members,
      tracks: tracks.map((track) => ({
        ...track,
        versions: files.filter((file) => file.trackId === track.id).map(({ projectId: _, ...file }) => file),
      })),
    };
  }

  async delete(uid: string, projectId: string): Promise<void> {
    await this.owned(uid, projectId);
    const uploads = await this.deps.files.uploadsOf(projectId);
    await this.deps.projects.delete(projectId);
    for (const uploadId of uploads) await this.deps.dropUpload(uploadId);
    await rm(this.deps.paths.project(projectId), { recursive: true, force: true });
  }

  async invite(uid: string, projectId: string, memberUid: string): Promise<Project> {
    const row = await this.owned(uid, projectId);
    if (memberUid === uid) throw badRequest('project/member-unknown', 'You own this project already.');
    const [member, owner] = await Promise.all([this.deps.users.findPublic(memberUid), this.deps.users.findPublic(uid)]);
    if (!member) throw badRequest('project/member-unknown', 'No such person.');
    if ((await this.deps.projects.countMembers(projectId)) >= this.deps.limits.membersPerProject) {
      throw new AppError(
        409,
        'project/too-many',
        `A project can have ${this.deps.limits.membersPerProject} members besides its owner.`,
      );
    }
    if (await this.deps.projects.addMember(projectId, memberUid, this.now())) {
      await this.deps.notifier.notify({
        userId: memberUid,
        kind: 'project-invited',
        title: `${owner?.user_name ?? 'Someone'} added you to the project “${row.name}”`,
        link: `/projects/${projectId}`,
        data: { projectId, fromUid: uid },
      });
    }
    return this.view(uid, projectId);
  }

  /** The owner removes a member, or a member leaves. */
  async removeMember(uid: string, projectId: string, memberUid: string): Promise<Project | null> {
    const row = await this.access(uid, projectId);
    if (row.owner_uid !== uid && memberUid !== uid) {
      throw forbidden('project/not-owner', 'Only the project owner can do that.');
    }
    await this.deps.projects.removeMember(projectId, memberUid);
    return memberUid === uid ? null : this.view(uid, projectId);
  }

  /** A file of a project the caller may see; 404 for anything else. */
  async file(uid: string, projectId: string, fileId: string): Promise<StoredFile> {
    await this.access(uid, projectId);
    return this.fileIn(projectId, fileId);
  }

  async fileIn(projectId: string, fileId: string): Promise<StoredFile> {
    const file = await this.deps.files.find(fileId);
    if (!file || file.projectId !== projectId) throw fileNotFound();
    return file;
  }

  /** Its uploader or the project's owner deletes a version, which frees its space. */
  async deleteFile(uid: string, projectId: string, fileId: string): Promise<Project> {
    const row = await this.access(uid, projectId);
    const file = await this.fileIn(projectId, fileId);
    if (row.owner_uid !== uid && file.uploaderUid !== uid) {
      throw forbidden('project/not-owner', 'Only its uploader or the project owner can delete a file.');
    }
    await this.deps.files.delete(file);
    await rm(this.deps.paths.fileDir(projectId, fileId), { recursive: true, force: true });
    return this.view(uid, projectId);
  }

  async storage(uid: string): Promise<{ usedBytes: number; quotaBytes: number }> {
    return { usedBytes: await this.deps.files.usedBytes(uid), quotaBytes: this.deps.limits.quotaBytesPerPerson };
  }
}

function summary(row: ProjectRow, viewerUid: string | null): ProjectSummary {
  return {
    id: row.project_id,
    name: row.name,
    ownerUid: row.owner_uid,
    ownerName: row.owner_name ?? '',
    createdAt: new Date(Number(row.created_at)).toISOString(),
    owned: row.owner_uid === viewerUid,
  };
}
