import type { Knex } from 'knex';
import type { Db } from '../db/connect.js';
import { withTransaction } from '../db/transaction.js';

/** How many failures a key has within the window, and when the oldest and the latest of them were. */
export interface FailureCount {
  count: number;
  oldest: number | null;
  latest: number | null;
}

type Table = (name: string) => Knex.QueryBuilder;

/** The reads and the write of one login attempt's reservation, bound to its transaction. */
function attemptQueries(table: Table) {
  async function failures(where: Record<string, string>, since: number): Promise<FailureCount> {
    const row = (await table('login_failures')
      .where(where)
      .where('at', '>=', since)
      .count({ count: '*' })
      .min({ oldest: 'at' })
      .max({ latest: 'at' })
      .first()) as { count?: number | string; oldest?: number | string | null; latest?: number | string | null };
    const time = (value: number | string | null | undefined) => (value == null ? null : Number(value));
    return { count: Number(row?.count ?? 0), oldest: time(row?.oldest), latest: time(row?.latest) };
  }
  return {
    ofPairSince: (accountKey: string, ip: string, since: number) => failures({ account_key: accountKey, ip }, since),
    ofAccountSince: (accountKey: string, since: number) => failures({ account_key: accountKey }, since),
    fromAddressSince: (ip: string, since: number) => failures({ ip }, since),
    async isKnownAddress(accountKey: string, ip: string, since: number): Promise<boolean> {
      const row: unknown = await table('login_known_addresses')
        .where({ account_key: accountKey, ip })
        .where('last_success_at', '>=', since)
        .first('ip');
      return row !== undefined;
    },
    async record(accountKey: string, ip: string, at: number): Promise<number> {
      const [row] = (await table('login_failures').insert({ account_key: accountKey, ip, at }).returning('id')) as {
        id: number;
      }[];
      return Number(row!.id);
    },
  };
}
export type LoginAttemptQueries = ReturnType<typeof attemptQueries>;

/** Failed and in-flight login attempts, kept in the database so every API process sees the same counts. */
export function loginFailuresRepository(db: Db) {
  const isPostgres = (db.client as { config: { client: string } }).config.client === 'pg';
  return {
    /**
     * Runs `work` in a transaction that holds the account's lock, so concurrent attempts on one
     * account are counted and recorded one at a time: the check and the reservation are one step.
     * SQLite has one connection (db/connect.ts), so its transactions already run one at a time;
     * PostgreSQL takes a transaction-scoped advisory lock on the account.
     */
    withAccountLocked<T>(accountKey: string, work: (queries: LoginAttemptQueries) => Promise<T>): Promise<T> {
      return withTransaction(db, async (tx) => {
        if (isPostgres) await tx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`login:${accountKey}`]);
        return work(attemptQueries((name) => tx.table(name)));
      });
    },
    async remove(id: number): Promise<void> {
      await db('login_failures').where({ id }).delete();
    },
    /** A right password from this address: its failures on this account no longer count. */
    async clearPair(accountKey: string, ip: string): Promise<void> {
      await db('login_failures').where({ account_key: accountKey, ip }).delete();
    },
    async rememberAddress(accountKey: string, ip: string, at: number): Promise<void> {
      await db('login_known_addresses')
        .insert({ account_key: accountKey, ip, last_success_at: at })
        .onConflict(['account_key', 'ip'])
        .merge({ last_success_at: at });
    },
    async pruneBefore(at: number): Promise<void> {
      await db('login_failures').where('at', '<', at).delete();
    },
    async forgetAddressesBefore(at: number): Promise<void> {
      await db('login_known_addresses').where('last_success_at', '<', at).delete();
    },
  };
}
export type LoginFailuresRepository = ReturnType<typeof loginFailuresRepository>;
