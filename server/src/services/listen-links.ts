import { createHash, randomBytes } from 'node:crypto';
import type { Project } from '@riffroom/protocol';
import { AppError, forbidden, notFound } from '../errors.js';
import type { ListenLinkRecord, ListenLinksRepository } from '../repositories/listen-links.js';
import type { StoredFile } from '../repositories/project-files.js';
import type { ProjectsRepository } from '../repositories/projects.js';
import { newId, type ProjectService } from './projects.js';

/** Live links one project may have at once. */
const LINKS_PER_PROJECT = 20;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const linkNotFound = () => notFound('project/not-found', 'This listen link does not exist or has expired.');

const toView = (link: ListenLinkRecord) => ({
  id: link.id,
  label: link.label,
  createdAt: new Date(link.createdAt).toISOString(),
  expiresAt: new Date(link.expiresAt).toISOString(),
});

/**
 * Listen links (issue 36): the owner makes one for a client without an account, who may then list
 * the project's tracks and play their previews (never download originals, never change anything),
 * until it expires or the owner revokes it; after that it is a 404 like any unknown link.
 */
export class ListenLinkService {
  constructor(
    private readonly links: ListenLinksRepository,
    private readonly projectRows: ProjectsRepository,
    private readonly projects: ProjectService,
    private readonly now: () => number = Date.now,
  ) {}

  private async owned(uid: string, projectId: string): Promise<void> {
    const row = await this.projects.access(uid, projectId);
    if (row.owner_uid !== uid) throw forbidden('project/not-owner', 'Only the project owner manages listen links.');
  }

  async create(uid: string, projectId: string, input: { label: string; expiresInHours: number }) {
    await this.owned(uid, projectId);
    const now = this.now();
    if ((await this.links.countLive(projectId, now)) >= LINKS_PER_PROJECT) {
      throw new AppError(409, 'project/too-many', `A project can have ${LINKS_PER_PROJECT} listen links at once.`);
    }
    const token = randomBytes(32).toString('base64url');
    const link = {
      id: newId(),
      projectId,
      label: input.label,
      createdAt: now,
      expiresAt: now + input.expiresInHours * 3600_000,
    };
    await this.links.insert({ ...link, tokenHash: hashOf(token) });
    return { link: toView(link), token };
  }

  async list(uid: string, projectId: string) {
    await this.owned(uid, projectId);
    return (await this.links.listOf(projectId, this.now())).map(toView);
  }

  async revoke(uid: string, projectId: string, linkId: string): Promise<void> {
    await this.owned(uid, projectId);
    if (!(await this.links.delete(projectId, linkId))) throw linkNotFound();
  }

  /** The live link a token opens; 404 once it expired or was revoked. */
  async open(token: string): Promise<ListenLinkRecord> {
    const link = await this.links.findLive(hashOf(token), this.now());
    if (!link) throw linkNotFound();
    return link;
  }

  /** The project as a listener sees it: its tracks and versions, not its members. */
  async project(token: string): Promise<Project> {
    const link = await this.open(token);
    const row = await this.projectRows.find(link.projectId);
    if (!row) throw linkNotFound();
    return { ...(await this.projects.viewOf(row, null)), members: [] };
  }

  async file(token: string, fileId: string): Promise<StoredFile> {
    const link = await this.open(token);
    return this.projects.fileIn(link.projectId, fileId);
  }
}
