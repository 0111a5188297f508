import type { Knex } from 'knex';

/** People a session's host let in through a join request (issue 35, item 7). */
export function sessionParticipantsRepository(db: Knex) {
  const table = () => db('session_participants');
  return {
    /** Ids of the sessions `uid` takes part in as an accepted joiner. */
    async sessionIdsOf(uid: string): Promise<number[]> {
      const rows = (await table().where({ uid }).select('session_id')) as { session_id: number }[];
      return rows.map((row) => Number(row.session_id));
    },
    async countOf(sessionId: number): Promise<number> {
      const row = (await table().where({ session_id: sessionId }).count({ n: '*' }).first()) as { n: number | string };
      return Number(row.n);
    },
    async isParticipant(sessionId: number, uid: string): Promise<boolean> {
      return Boolean(await table().where({ session_id: sessionId, uid }).first());
    },
    /** Who takes part in each of `sessionIds`, by session id, oldest added first. */
    async ofSessions(sessionIds: number[]): Promise<Map<number, string[]>> {
      const bySession = new Map<number, string[]>();
      if (sessionIds.length === 0) return bySession;
      const rows = (await table()
        .whereIn('session_id', sessionIds)
        .orderBy('added_at')
        .select('session_id', 'uid')) as {
        session_id: number;
        uid: string;
      }[];
      for (const row of rows) {
        const id = Number(row.session_id);
        bySession.set(id, [...(bySession.get(id) ?? []), row.uid]);
      }
      return bySession;
    },
    /** Removes `uid`; false when they were not in it. */
    async remove(sessionId: number, uid: string): Promise<boolean> {
      return (await table().where({ session_id: sessionId, uid }).delete()) > 0;
    },
    /** Adds `uid`; a second add is a no-op. */
    async add(sessionId: number, uid: string, at: number): Promise<void> {
      await table().insert({ session_id: sessionId, uid, added_at: at }).onConflict(['session_id', 'uid']).ignore();
    },
  };
}
export type SessionParticipantsRepository = ReturnType<typeof sessionParticipantsRepository>;
