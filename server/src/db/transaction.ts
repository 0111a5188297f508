import type { Knex } from 'knex';
import type { Db } from './connect.js';

/** Queries bound to the connection of one `withTransaction` call. */
export interface TransactionQueries {
  // `any` rows unless the caller names a row type, as `db(name)` does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table<TRecord extends object = any>(name: string): Knex.QueryBuilder<TRecord>;
  raw(sql: string, bindings: readonly Knex.RawBinding[]): Knex.Raw;
}

/**
 * Runs `work` in one database transaction: BEGIN, the work's queries, then COMMIT, or ROLLBACK if
 * it throws, all on one pooled connection, the same statements knex's own transactions send on
 * SQLite and PostgreSQL.
 *
 * Why not `db.transaction()` on hot paths: every knex transaction builds a whole knex instance
 * (make-knex: ~170 closures and their contexts, a client copy with listeners), and V8's young
 * generation GC keeps those dead graphs: they stay reachable from dead objects already in old space
 * (after about a thousand transactions V8 even allocates knex's listener arrays there directly), so
 * only a Mark-Compact frees them. Under a stream of sends each scavenge then copied 5-10 MB and took
 * 10-25 ms instead of ~1 ms. Queries built here are plain builders, like any non-transaction query.
 * No nesting: `work` must not open another transaction (there are no savepoints here).
 */
export async function withTransaction<T>(db: Db, work: (tx: TransactionQueries) => Promise<T>): Promise<T> {
  const connection: unknown = await db.client.acquireConnection();
  const run = (sql: string) => db.raw(sql).connection(connection);
  try {
    await run('BEGIN;');
    let result: T;
    try {
      result = await work({
        table: (name) => db(name).connection(connection),
        raw: (sql, bindings) => db.raw(sql, bindings).connection(connection),
      });
      await run('COMMIT;');
    } catch (error) {
      // After a failed COMMIT SQLite can still be inside the transaction; PostgreSQL has ended it
      // and only warns. Either way the connection goes back to the pool outside any transaction.
      await run('ROLLBACK;').catch(() => undefined);
      throw error;
    }
    return result;
  } finally {
    await db.client.releaseConnection(connection);
  }
}
