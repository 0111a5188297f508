import type { Db } from '../db/connect.js';

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
    async insert(account: LocalAccount): Promise<void> {
      await table().insert(account);
    },
    async setDisplayName(uid: string, displayName: string): Promise<void> {
      await table().where({ uid }).update({ display_name: displayName });
    },
  };
}
export type LocalAccountsRepository = ReturnType<typeof localAccountsRepository>;
