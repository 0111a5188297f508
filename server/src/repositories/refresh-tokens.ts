import type { Db } from '../db/connect.js';

export interface RefreshTokenRow {
  id: string;
  uid: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The last rotation (issue 34 item 11): the hash it replaced, when, and the new token sealed. */
  previous_token_hash?: string | null;
  rotated_at?: number | null;
  next_token_sealed?: string | null;
}

/** What a rotation writes: the new hash, and what lets the replaced token be answered again briefly. */
export interface Rotation {
  token_hash: string;
  previous_token_hash: string;
  rotated_at: number;
  next_token_sealed: string;
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
    async rotate(id: string, fromHash: string, rotation: Rotation): Promise<boolean> {
      const changed = await table().where({ id, token_hash: fromHash }).whereNull('revoked_at').update(rotation);
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
