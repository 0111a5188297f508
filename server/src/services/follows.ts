import type { PublicUser } from '@riffroom/protocol';
import { badRequest, notFound } from '../errors.js';
import type { FollowsRepository } from '../repositories/follows.js';
import type { UsersRepository } from '../repositories/users.js';

export class FollowService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly users: UsersRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async follow(followerUid: string, followeeUid: string): Promise<void> {
    if (followerUid === followeeUid) throw badRequest('user/cannot-follow-self', 'You cannot follow yourself.');
    if (!(await this.users.findPublic(followerUid))) {
      throw notFound('user/not-found', 'Create your profile before following people.');
    }
    if (!(await this.users.findPublic(followeeUid))) throw notFound('user/not-found', 'No such user.');
    await this.follows.add(followerUid, followeeUid, this.now());
  }

  async unfollow(followerUid: string, followeeUid: string): Promise<void> {
    await this.follows.remove(followerUid, followeeUid);
  }

  following(uid: string): Promise<PublicUser[]> {
    return this.users.listFollowedBy(uid);
  }

  isFollowing(followerUid: string, followeeUid: string): Promise<boolean> {
    return this.follows.isFollowing(followerUid, followeeUid);
  }
}
