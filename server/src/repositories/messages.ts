import {
  CONVERSATION_USER_COLUMNS,
  isUploadedPictureUrl,
  type ConversationUser,
  type Message,
  type UnreadCount,
} from '@riffroom/protocol';
import type { Db } from '../db/connect.js';
import { withTransaction, type TransactionQueries } from '../db/transaction.js';

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

async function insertMessage(
  trx: TransactionQueries,
  fromUid: string,
  toUid: string,
  content: string,
  at: number,
): Promise<Message> {
  const [row] = await trx
    .table<MessageRow>('messages')
    .insert({ from_uid: fromUid, to_uid: toUid, content, created_at: at })
    .returning(['id', 'from_uid', 'to_uid', 'content', 'created_at', 'read_at']);
  const id = (row as MessageRow).id;
  // The sender's row gains nothing unread, the recipient's row one. The guard keeps the larger id
  // should two sends of one pair commit out of id order (possible on PostgreSQL; SQLite serialises
  // writers).
  await trx.raw(
    `INSERT INTO conversations (owner_uid, other_uid, last_message_id, unread_count) VALUES (?, ?, ?, 0), (?, ?, ?, 1)
     ON CONFLICT (owner_uid, other_uid) DO UPDATE SET
       last_message_id = CASE WHEN excluded.last_message_id > conversations.last_message_id
         THEN excluded.last_message_id ELSE conversations.last_message_id END,
       unread_count = conversations.unread_count + excluded.unread_count`,
    [fromUid, toUid, id, toUid, fromUid, id],
  );
  return toMessage(row as MessageRow);
}

export function messagesRepository(db: Db) {
  return {
    /**
     * Stores a message, moves the pair to the top of both parties' conversation lists and counts it
     * unread for the recipient, atomically, together with whatever `alongside` writes in the same
     * transaction (a join request and its note: both or neither). (withTransaction, not
     * db.transaction: see db/transaction.ts.)
     */
    async insert(
      fromUid: string,
      toUid: string,
      content: string,
      at: number,
      alongside?: (tx: TransactionQueries) => Promise<void>,
    ): Promise<Message> {
      return withTransaction(db, async (trx) => {
        await alongside?.(trx);
        return insertMessage(trx, fromUid, toUid, content, at);
      });
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

    /**
     * One page of the caller's conversations, most recent first, with each partner's profile
     * columns the list shows. `lastMessageId` is the page cursor (unique within an owner's rows).
     */
    async conversationsPage(
      uid: string,
      limit: number,
      beforeId?: number,
    ): Promise<{ user: ConversationUser; lastMessageId: number }[]> {
      // An ordered walk of conversations_recent_idx that stops after `limit` rows, then one
      // primary-key lookup per row into users: the cost follows the page, not the partner count.
      const rows: Record<string, unknown>[] = await db('conversations as c')
        .join('users as u', 'u.firebase_uid', 'c.other_uid')
        .where('c.owner_uid', uid)
        .modify((q) => (beforeId === undefined ? q : q.where('c.last_message_id', '<', beforeId)))
        .orderBy('c.last_message_id', 'desc')
        .limit(limit)
        .select(['c.last_message_id', ...CONVERSATION_USER_COLUMNS.map((column) => `u.${column}`)]);
      return rows.map((row) => {
        const user = Object.fromEntries(CONVERSATION_USER_COLUMNS.map((column) => [column, row[column]]));
        // A picture linked from another site before issue 36 reads as none (see repositories/users.ts).
        if (!isUploadedPictureUrl(String(user.profileImageUrl ?? ''))) user.profileImageUrl = '';
        return { user: user as ConversationUser, lastMessageId: Number(row.last_message_id) };
      });
    },

    /** Per sender, how many of their messages the caller has not read (kept on the conversation rows). */
    async unreadCounts(uid: string): Promise<UnreadCount[]> {
      // The literal `> 0` matches conversations_unread_idx's predicate; a bound 0 would not let
      // SQLite prove the partial index applies.
      const rows: { other_uid: string; unread_count: number | string }[] = await db('conversations')
        .select('other_uid', 'unread_count')
        .where('owner_uid', uid)
        .whereRaw('unread_count > 0')
        .orderBy('other_uid');
      return rows.map((row) => ({ _id: row.other_uid, count: Number(row.unread_count) }));
    },

    /** Marks every message from `fromUid` to `toUid` read, and zeroes that conversation's count. */
    async markRead(toUid: string, fromUid: string, at: number): Promise<number> {
      return withTransaction(db, async (trx) => {
        // The conversation row first, locked (FOR UPDATE; SQLite serialises writers and knex leaves
        // the clause out there): a send of this pair that already counted its message has committed
        // by the time the lock is ours, so the UPDATE of messages below, a new statement, sees that
        // message; a send that counts later waits for this commit and adds its message after the
        // zero. A plain `UPDATE ... WHERE unread_count > 0` was not enough: PostgreSQL skips a row
        // whose committed count is 0 without waiting for the send holding it, and that send could
        // commit before the messages were marked (its message marked read yet counted unread).
        // Nothing unread (opening a read conversation, the usual case) writes nothing.
        const row = (await trx
          .table('conversations')
          .select('unread_count')
          .where({ owner_uid: toUid, other_uid: fromUid })
          .forUpdate()
          .first()) as { unread_count: number | string } | undefined;
        if (!row || Number(row.unread_count) === 0) return 0;
        const marked: number = await trx
          .table('messages')
          .where({ to_uid: toUid, from_uid: fromUid })
          .whereNull('read_at')
          .update({ read_at: at });
        await trx.table('conversations').where({ owner_uid: toUid, other_uid: fromUid }).update({ unread_count: 0 });
        return marked;
      });
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
