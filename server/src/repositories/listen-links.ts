import type { Db } from '../db/connect.js';

interface LinkRow {
  link_id: string;
  project_id: string;
  label: string;
  created_at: number | string;
  expires_at: number | string;
}

export interface ListenLinkRecord {
  id: string;
  projectId: string;
  label: string;
  createdAt: number;
  expiresAt: number;
}

const toRecord = (row: LinkRow): ListenLinkRecord => ({
  id: row.link_id,
  projectId: row.project_id,
  label: row.label,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
});

/** Listen links, found by their token's hash only. */
export function listenLinksRepository(db: Db) {
  return {
    async insert(link: ListenLinkRecord & { tokenHash: string }): Promise<void> {
      await db('project_listen_links').insert({
        link_id: link.id,
        project_id: link.projectId,
        token_hash: link.tokenHash,
        label: link.label,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
      });
    },
    async listOf(projectId: string, now: number): Promise<ListenLinkRecord[]> {
      const rows: LinkRow[] = await db('project_listen_links')
        .where('project_id', projectId)
        .andWhere('expires_at', '>', now)
        .orderBy('created_at', 'desc');
      return rows.map(toRecord);
    },
    /** The link whose token hashes to `tokenHash`, if it has not expired. */
    async findLive(tokenHash: string, now: number): Promise<ListenLinkRecord | undefined> {
      const row: LinkRow | undefined = await db('project_listen_links')
        .where('token_hash', tokenHash)
        .andWhere('expires_at', '>', now)
        .first();
      return row && toRecord(row);
    },
    async countLive(projectId: string, now: number): Promise<number> {
      const row = await db('project_listen_links')
        .where('project_id', projectId)
        .andWhere('expires_at', '>', now)
        .count({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },
    async delete(projectId: string, linkId: string): Promise<boolean> {
      return (await db('project_listen_links').where({ project_id: projectId, link_id: linkId }).delete()) > 0;
    },
  };
}
export type ListenLinksRepository = ReturnType<typeof listenLinksRepository>;
