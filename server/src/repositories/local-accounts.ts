import type { Db } from '../db/connect.js';
import { withTransaction } from '../db/transaction.js';
import type { RefreshTokenRow } from './refresh-tokens.js';

export interface LocalAccount {
  uid: string;
  email: string;
  password_hash: string;
  display_name: string | null;
  created_at: number;
}

export function localAccountsRepository(db: Db) {
  const table = () => db<LocalAccount>('local_accounts');
  return {
    findByEmail: (email: string) => table().where({ email }).first(),
    findByUid: (uid: string) => table().where({ uid }).first(),
    /** Signup: the account and its first sign-in session, both or neither (a crash between leaves no half account). */
    async insertWithFirstSession(account: LocalAccount, session: RefreshTokenRow): Promise<void> {
      await withTransaction(db, async (tx) => {
        await tx.table('local_accounts').insert(account);
        await tx.table('refresh_tokens').insert(session);
      });
    },
    async setDisplayName(uid: string, displayName: string): Promise<void> {
      await table().where({ uid }).update({ display_name: displayName });
    },
  };
}
export type LocalAccountsRepository = ReturnType<typeof localAccountsRepository>;
