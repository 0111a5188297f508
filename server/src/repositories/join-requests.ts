import type { JoinRequest } from '@riffroom/protocol';
import type { Knex } from 'knex';
import type { TransactionQueries } from '../db/transaction.js';

interface JoinRequestRow {
  id: number;
  session_id: number;
  requester_uid: string;
  message: string;
  status: JoinRequest['status'];
  created_at: number;
}

const toJoinRequest = (row: JoinRequestRow): JoinRequest => ({
  _id: String(row.id),
  sessionId: String(row.session_id),
  message: row.message,
  status: row.status,
  createdAt: new Date(Number(row.created_at)).toISOString(),
});

export function joinRequestsRepository(db: Knex) {
  const table = () => db<JoinRequestRow>('join_requests');
  return {
    async hasPending(sessionId: number, requesterUid: string): Promise<boolean> {
      return Boolean(
        await table().where({ session_id: sessionId, requester_uid: requesterUid, status: 'pending' }).first(),
      );
    },
    /** Inside `tx`, the transaction of the note that tells the owner (services/sessions.ts). */
    async insertIn(
      tx: TransactionQueries,
      sessionId: number,
      requesterUid: string,
      message: string,
      at: number,
    ): Promise<JoinRequest> {
      const [row] = await tx
        .table<JoinRequestRow>('join_requests')
        .insert({ session_id: sessionId, requester_uid: requesterUid, message, status: 'pending', created_at: at })
        .returning('*');
      return toJoinRequest(row as JoinRequestRow);
    },
  };
}
export type JoinRequestsRepository = ReturnType<typeof joinRequestsRepository>;
