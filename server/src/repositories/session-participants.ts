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
    /** Adds `uid`; a second add is a no-op. */
    async add(sessionId: number, uid: string, at: number): Promise<void> {
      await table().insert({ session_id: sessionId, uid, added_at: at }).onConflict(['session_id', 'uid']).ignore();
    },
  };
}
export type SessionParticipantsRepository = ReturnType<typeof sessionParticipantsRepository>;
