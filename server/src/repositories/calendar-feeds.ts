import type { Knex } from 'knex';

interface FeedRow {
  uid: string;
  token_hash: string;
  created_at: number;
}

export function calendarFeedsRepository(db: Knex) {
  const table = () => db<FeedRow>('calendar_feeds');
  return {
    /** Replaces any earlier feed of the user, so rotating stops the old URL at once. */
    async put(uid: string, tokenHash: string, at: number): Promise<void> {
      await table()
        .insert({ uid, token_hash: tokenHash, created_at: at })
        .onConflict('uid')
        .merge(['token_hash', 'created_at']);
    },
    async findByUid(uid: string): Promise<FeedRow | undefined> {
      return (await table().where({ uid }).first()) as FeedRow | undefined;
    },
    async findUidByHash(tokenHash: string): Promise<string | undefined> {
      return ((await table().where({ token_hash: tokenHash }).first()) as FeedRow | undefined)?.uid;
    },
    async remove(uid: string): Promise<void> {
      await table().where({ uid }).delete();
    },
  };
}
export type CalendarFeedsRepository = ReturnType<typeof calendarFeedsRepository>;
