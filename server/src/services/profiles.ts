import {
  isOwnPictureUrl,
  type OwnProfile,
  type PublicSaveProfileBody,
  type PublicUser,
  type SaveProfileBody,
  type UsersPageQuery,
} from '@riffroom/protocol';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { VerifiedIdentity } from '../identity/types.js';
import type { UsersRepository } from '../repositories/users.js';

const profileNotFound = () => notFound('user/not-found', 'No profile exists for this user.');

/** Profile rules: who may write which profile, unique usernames, what others may read. */
export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Signup's profile: creates the caller's profile, or renames it when signup is retried. */
  async saveSignupProfile(caller: VerifiedIdentity, body: PublicSaveProfileBody): Promise<OwnProfile> {
    assertSameUid(caller, body.firebase_uid);
    if (caller.email && caller.email.toLowerCase() !== body.user_email) {
      throw badRequest('validation/invalid-body', 'user_email: must be the email of the signed-in account');
    }
    await this.assertUsernameFree(body.user_username, caller.uid);
    const existing = await this.users.findOwn(caller.uid);
    const fields = { user_name: body.user_name, user_username: body.user_username };
    if (existing) await this.users.update(caller.uid, fields, this.now());
    else await this.users.insert(caller.uid, { ...fields, user_email: body.user_email }, this.now());
    return this.getOwn(caller.uid);
  }

  async saveProfile(caller: VerifiedIdentity, body: SaveProfileBody): Promise<OwnProfile> {
    const { firebase_uid, user_email, ...changes } = body;
    // An uploaded picture's address is the API's to set (files/profile-pictures.ts): a save may send
    // the caller's own back, which leaves it, or '' to clear it. Someone else's is refused (issue 36).
    if (changes.profileImageUrl) {
      if (!isOwnPictureUrl(changes.profileImageUrl, caller.uid)) {
        throw badRequest('validation/invalid-body', 'profileImageUrl: must be empty or your uploaded picture');
      }
      delete changes.profileImageUrl;
    }
    if (firebase_uid !== undefined) assertSameUid(caller, firebase_uid);
    const existing = await this.getOwn(caller.uid);
    if (user_email !== undefined && user_email.trim().toLowerCase() !== existing.user_email.toLowerCase()) {
      throw badRequest(
        'validation/invalid-body',
        'user_email: the email is changed through the account, not the profile',
      );
    }
    if (changes.user_username !== undefined) await this.assertUsernameFree(changes.user_username, caller.uid);
    await this.users.update(caller.uid, changes, this.now());
    return { ...existing, ...changes };
  }

  async getOwn(uid: string): Promise<OwnProfile> {
    const profile = await this.users.findOwn(uid);
    if (!profile) throw profileNotFound();
    return profile;
  }

  async getPublic(uid: string): Promise<PublicUser> {
    const profile = await this.users.findPublic(uid);
    if (!profile) throw profileNotFound();
    return profile;
  }

  async listUsers(page: UsersPageQuery, excludeUid?: string): Promise<PublicUser[]> {
    const users = await this.users.listPublicPage(page, excludeUid);
    if (!users) throw badRequest('validation/invalid-query', 'before: no such user');
    return users;
  }

  private async assertUsernameFree(username: string, ownerUid: string): Promise<void> {
    const holder = await this.users.findByUsername(username);
    if (holder && holder.firebase_uid !== ownerUid) {
      throw conflict('user/username-taken', 'user_username: that username is already taken');
    }
  }
}

function assertSameUid(caller: VerifiedIdentity, claimedUid: string): void {
  if (claimedUid !== caller.uid) {
    throw forbidden('user/uid-mismatch', 'firebase_uid: does not match the signed-in user');
  }
}
