import type { Db } from '../db/connect.js';

export interface RefreshTokenRow {
  id: string;
  uid: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Sign-in sessions of the local identity provider, one per device, keyed by session id. */
export function refreshTokensRepository(db: Db) {
  const table = () => db<RefreshTokenRow>('refresh_tokens');
  return {
    findById: (id: string) => table().where({ id }).first(),
    async insert(row: RefreshTokenRow): Promise<void> {
      await table().insert(row);
    },
    /** Swaps the hash only if it is still the one presented, so two concurrent refreshes cannot both win. */
    async rotate(id: string, fromHash: string, toHash: string): Promise<boolean> {
      const changed = await table()
        .where({ id, token_hash: fromHash })
        .whereNull('revoked_at')
        .update({ token_hash: toHash });
      return changed === 1;
    },
    async revoke(id: string, at: number): Promise<void> {
      await table().where({ id }).whereNull('revoked_at').update({ revoked_at: at });
    },
    async revokeMany(ids: string[], at: number): Promise<void> {
      await table().whereIn('id', ids).whereNull('revoked_at').update({ revoked_at: at });
    },
    async revokeAllOf(uid: string, at: number): Promise<void> {
      await table().where({ uid }).whereNull('revoked_at').update({ revoked_at: at });
    },
  };
}
export type RefreshTokensRepository = ReturnType<typeof refreshTokensRepository>;
