import type { Db } from '../db/connect.js';

export function followsRepository(db: Db) {
  const table = () => db('follows');
  return {
    async add(followerUid: string, followeeUid: string, at: number): Promise<void> {
      await table()
        .insert({ follower_uid: followerUid, followee_uid: followeeUid, created_at: at })
        .onConflict(['follower_uid', 'followee_uid'])
        .ignore();
    },
    async remove(followerUid: string, followeeUid: string): Promise<void> {
      await table().where({ follower_uid: followerUid, followee_uid: followeeUid }).delete();
    },
    async isFollowing(followerUid: string, followeeUid: string): Promise<boolean> {
      return Boolean(await table().where({ follower_uid: followerUid, followee_uid: followeeUid }).first());
    },
  };
}
export type FollowsRepository = ReturnType<typeof followsRepository>;
