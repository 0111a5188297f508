import type { Message, UnreadCount } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';

interface MessageRow {
  id: number;
  from_uid: string;
  to_uid: string;
  content: string;
  created_at: number;
  read_at: number | null;
}

const toMessage = (row: MessageRow): Message => ({
  _id: String(row.id),
  from_uid: row.from_uid,
  to_uid: row.to_uid,
  content: row.content,
  createdAt: new Date(Number(row.created_at)).toISOString(),
});

export function messagesRepository(db: Db) {
  const table = () => db<MessageRow>('messages');
  return {
    async insert(fromUid: string, toUid: string, content: string, at: number): Promise<Message> {
      const [row] = await table()
        .insert({ from_uid: fromUid, to_uid: toUid, content, created_at: at })
        .returning(['id', 'from_uid', 'to_uid', 'content', 'created_at', 'read_at']);
      return toMessage(row as MessageRow);
    },

    /** Both directions between two users, newest `limit` before the cursor, returned oldest first. */
    async page(a: string, b: string, limit: number, beforeId?: number): Promise<Message[]> {
      const query = table()
        .where((q) => q.where({ from_uid: a, to_uid: b }).orWhere({ from_uid: b, to_uid: a }))
        .orderBy('id', 'desc')
        .limit(limit);
      if (beforeId !== undefined) query.where('id', '<', beforeId);
      const rows = (await query) as MessageRow[];
      return rows.reverse().map(toMessage);
    },

    /** The other party of each conversation with its latest message id, most recent first. */
    async conversationPartners(uid: string): Promise<string[]> {
      // Each half uses messages_pair_idx / messages_unread_idx; raw SQL because knex misplaces
      // GROUP BY inside a UNION. Plain SQL that SQLite and PostgreSQL both accept.
      const result = await db.raw(
        `SELECT other, MAX(last) AS last FROM (
           SELECT to_uid AS other, MAX(id) AS last FROM messages WHERE from_uid = ? GROUP BY to_uid
           UNION ALL
           SELECT from_uid AS other, MAX(id) AS last FROM messages WHERE to_uid = ? GROUP BY from_uid
         ) AS c GROUP BY other ORDER BY last DESC`,
        [uid, uid],
      );
      const rows: { other: string }[] = Array.isArray(result) ? result : result.rows;
      return rows.map((row) => row.other);
    },

    async unreadCounts(uid: string): Promise<UnreadCount[]> {
      const rows: { from_uid: string; count: number | string }[] = await db('messages')
        .select('from_uid')
        .count({ count: '*' })
        .where('to_uid', uid)
        .whereNull('read_at')
        .groupBy('from_uid');
      return rows.map((row) => ({ _id: row.from_uid, count: Number(row.count) }));
    },

    async markRead(toUid: string, fromUid: string, at: number): Promise<number> {
      return table().where({ to_uid: toUid, from_uid: fromUid }).whereNull('read_at').update({ read_at: at });
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
