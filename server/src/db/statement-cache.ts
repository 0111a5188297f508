import type { Database, Statement } from 'better-sqlite3';

/** Enough for every distinct statement the API issues, with room for `whereIn` lists of many lengths. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * knex's better-sqlite3 dialect calls `prepare` for every query, and SQLite then parses and plans
 * the same SQL again each time: about a tenth of the API's CPU per request in bench/api-messages.
 * knex always binds values as parameters, so the API issues a small, fixed set of SQL strings;
 * this keeps the most recently used ones prepared. A cached statement stays correct when the
 * schema changes: SQLite re-prepares it on its next run.
 */
export function cachePreparedStatements(connection: Database, capacity = STATEMENT_CACHE_SIZE): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, Statement>();
  const cachedPrepare = (sql: string): Statement => {
    const cached = statements.get(sql);
    if (cached) {
      // Map order is insertion order: moving a hit to the end makes the first key the least recently used.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = prepare(sql);
    statements.set(sql, statement);
    if (statements.size > capacity) statements.delete(statements.keys().next().value!);
    return statement;
  };
  connection.prepare = cachedPrepare as Database['prepare'];
}
