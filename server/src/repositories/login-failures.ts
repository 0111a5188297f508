import type { Db } from '../db/connect.js';

/** Failed login attempts, kept in the database so every API process sees the same counts. */
export function loginFailuresRepository(db: Db) {
  const table = () => db('login_failures');
  async function countSince(column: 'account_key' | 'ip', value: string, since: number): Promise<number> {
    const row = await table().where(column, value).where('at', '>=', since).count({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }
  return {
    countForAccountSince: (accountKey: string, since: number) => countSince('account_key', accountKey, since),
    countForIpSince: (ip: string, since: number) => countSince('ip', ip, since),
    async record(accountKey: string, ip: string, at: number): Promise<void> {
      await table().insert({ account_key: accountKey, ip, at });
    },
    async clearAccount(accountKey: string): Promise<void> {
      await table().where({ account_key: accountKey }).delete();
    },
    async pruneBefore(at: number): Promise<void> {
      await table().where('at', '<', at).delete();
    },
  };
}
export type LoginFailuresRepository = ReturnType<typeof loginFailuresRepository>;
