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
      // One ordered index walk per direction (messages_pair_idx), each stopping after `limit` rows,
      // then a merge of at most 2 x limit: an OR over both directions made SQLite read and sort
      // the whole conversation for every page.
      const direction = (from: string, to: string) =>
        db<MessageRow>('messages')
          .select('*')
          .where({ from_uid: from, to_uid: to })
          .modify((q) => (beforeId === undefined ? q : q.where('id', '<', beforeId)))
          .orderBy('id', 'desc')
          .limit(limit);
      const rows = (await db
        .select('*')
        .from(direction(a, b).as('mine'))
        .unionAll((q) => q.select('*').from(direction(b, a).as('theirs')))
        .orderBy('id', 'desc')
        .limit(limit)) as MessageRow[];
      return rows.reverse().map(toMessage);
    },

    /** The other party of each conversation, most recent conversation first. */
    async conversationPartners(uid: string): Promise<string[]> {
      // A loose index scan: each step seeks the next distinct partner in messages_pair_idx (people
      // the caller wrote to) or messages_received_pair_idx (people who wrote to the caller), then
      // one seek per partner and direction finds the latest id. The cost follows the number of
      // partners, not of messages; GROUP BY over the caller's messages took 50 ms for a busy user.
      // Plain SQL that SQLite and PostgreSQL both accept.
      const result = await db.raw(
        `WITH RECURSIVE
           wrote_to(other) AS (
             SELECT MIN(to_uid) FROM messages WHERE from_uid = ?
             UNION ALL
             SELECT (SELECT MIN(m.to_uid) FROM messages m WHERE m.from_uid = ? AND m.to_uid > w.other)
             FROM wrote_to w WHERE w.other IS NOT NULL
           ),
           heard_from(other) AS (
             SELECT MIN(from_uid) FROM messages WHERE to_uid = ?
             UNION ALL
             SELECT (SELECT MIN(m.from_uid) FROM messages m WHERE m.to_uid = ? AND m.from_uid > h.other)
             FROM heard_from h WHERE h.other IS NOT NULL
           ),
           partners(other) AS (
             SELECT other FROM wrote_to WHERE other IS NOT NULL
             UNION
             SELECT other FROM heard_from WHERE other IS NOT NULL
           ),
           latest(other, sent, received) AS (
             SELECT p.other,
               COALESCE((SELECT MAX(m.id) FROM messages m WHERE m.from_uid = ? AND m.to_uid = p.other), 0),
               COALESCE((SELECT MAX(m.id) FROM messages m WHERE m.from_uid = p.other AND m.to_uid = ?), 0)
             FROM partners p
           )
         SELECT other FROM latest ORDER BY CASE WHEN sent > received THEN sent ELSE received END DESC`,
        [uid, uid, uid, uid, uid, uid],
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
