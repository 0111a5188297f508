import type { Knex } from 'knex';

export interface EmailLinkRow {
  token_hash: string;
  user_uid: string;
  purpose: string;
  subject_id: number;
  expires_at: number;
  used_at: number | null;
}

/** Single-use email links, by the hash of their token (the token itself is only in the mail). */
export function emailLinksRepository(db: Knex) {
  const table = () => db<EmailLinkRow>('email_links');
  return {
    async insert(row: Omit<EmailLinkRow, 'used_at'>): Promise<void> {
      await table().insert({ ...row, used_at: null });
    },
    /**
     * Marks the link used and returns it, or null when it is unknown, expired or already used. One
     * conditional UPDATE, so of two clicks racing exactly one gets the link.
     */
    async redeem(tokenHash: string, now: number): Promise<EmailLinkRow | null> {
      const used = await table()
        .where({ token_hash: tokenHash })
        .whereNull('used_at')
        .andWhere('expires_at', '>', now)
        .update({ used_at: now });
      if (used !== 1) return null;
      return (await table().where({ token_hash: tokenHash }).first()) ?? null;
    },
    /** Links past their expiry are no use to anyone. */
    async deleteExpired(now: number): Promise<void> {
      await table().where('expires_at', '<', now).delete();
    },
  };
}
export type EmailLinksRepository = ReturnType<typeof emailLinksRepository>;
