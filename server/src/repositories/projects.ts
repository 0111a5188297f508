import type { Db } from '../db/connect.js';

export interface ProjectRow {
  project_id: string;
  name: string;
  owner_uid: string;
  created_at: number | string;
  owner_name?: string | null;
}

/** Projects and who is in them; files and tracks live in project-files.ts. */
export function projectsRepository(db: Db) {
  const withOwnerName = () =>
    db('projects')
      .leftJoin('users', 'users.firebase_uid', 'projects.owner_uid')
      .select('projects.*', 'users.user_name as owner_name');
  return {
    async insert(project: { id: string; name: string; ownerUid: string; at: number }): Promise<void> {
      await db('projects').insert({
        project_id: project.id,
        name: project.name,
        owner_uid: project.ownerUid,
        created_at: project.at,
      });
    },
    async find(projectId: string): Promise<ProjectRow | undefined> {
      return withOwnerName().where('projects.project_id', projectId).first();
    },
    /** The projects `uid` owns or is a member of, newest first. */
    async listFor(uid: string): Promise<ProjectRow[]> {
      return withOwnerName()
        .where('projects.owner_uid', uid)
        .orWhereIn('projects.project_id', db('project_members').select('project_id').where('firebase_uid', uid))
        .orderBy('projects.created_at', 'desc');
    },
    async countOwnedBy(uid: string): Promise<number> {
      const row = await db('projects').where('owner_uid', uid).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
    async delete(projectId: string): Promise<void> {
      await db('projects').where('project_id', projectId).delete();
    },
    async isMember(projectId: string, uid: string): Promise<boolean> {
      const row = await db('project_members').where({ project_id: projectId, firebase_uid: uid }).first();
      return row !== undefined;
    },
    async members(projectId: string): Promise<{ uid: string; name: string; username: string }[]> {
      const rows: { firebase_uid: string; user_name: string | null; user_username: string | null }[] = await db(
        'project_members',
      )
        .leftJoin('users', 'users.firebase_uid', 'project_members.firebase_uid')
        .select('project_members.firebase_uid', 'users.user_name', 'users.user_username')
        .where('project_members.project_id', projectId)
        .orderBy('project_members.added_at');
      return rows.map((row) => ({
        uid: row.firebase_uid,
        name: row.user_name ?? '',
        username: row.user_username ?? '',
      }));
    },
    /** True when `uid` was not a member before. */
    async addMember(projectId: string, uid: string, at: number): Promise<boolean> {
      const inserted = await db('project_members')
        .insert({ project_id: projectId, firebase_uid: uid, added_at: at })
        .onConflict(['project_id', 'firebase_uid'])
        .ignore()
        .returning('firebase_uid');
      return inserted.length > 0;
    },
    async removeMember(projectId: string, uid: string): Promise<void> {
      await db('project_members').where({ project_id: projectId, firebase_uid: uid }).delete();
    },
    async countMembers(projectId: string): Promise<number> {
      const row = await db('project_members').where('project_id', projectId).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
export type ProjectsRepository = ReturnType<typeof projectsRepository>;
