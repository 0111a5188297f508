import Database from 'better-sqlite3';

const pairKey = (row: { owner: string; other: string; n: number }) => `${row.owner}<-${row.other}:${row.n}`;

/**
 * What a SQLite file holds after a crash, read directly (opening it replays the WAL as the box
 * would): its integrity, the messages and booking requests, and each unread count both as the box
 * keeps it (conversations.unread_count) and as a brute-force count of the unread messages.
 */
export function inspectDatabase(file: string) {
  const db = new Database(file, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const messages = new Map(
      (db.prepare('SELECT id, from_uid, to_uid, content FROM messages').all() as Record<string, unknown>[]).map(
        (row) => [String(row.id), { from: row.from_uid, to: row.to_uid, content: row.content }],
      ),
    );
    const bookings = new Set(
      (db.prepare('SELECT id FROM booking_requests').all() as { id: number }[]).map((row) => String(row.id)),
    );
    const kept = db
      .prepare(
        'SELECT owner_uid AS owner, other_uid AS other, unread_count AS n FROM conversations WHERE unread_count > 0',
      )
      .all() as { owner: string; other: string; n: number }[];
    const counted = db
      .prepare(
        `SELECT to_uid AS owner, from_uid AS other, count(*) AS n FROM messages WHERE read_at IS NULL
         GROUP BY to_uid, from_uid`,
      )
      .all() as { owner: string; other: string; n: number }[];
    return {
      integrity,
      messages,
      bookings,
      keptUnread: kept.map(pairKey).sort(),
      countedUnread: counted.map(pairKey).sort(),
      /** The brute-force unread counts of `owner`, as GET /api/messages/unread lists them. */
      unreadOf: (owner: string) =>
        counted
          .filter((row) => row.owner === owner)
          .map((row) => ({ _id: row.other, count: row.n }))
          .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)),
    };
  } finally {
    db.close();
  }
}
