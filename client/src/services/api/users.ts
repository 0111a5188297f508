import {
  restRoutes,
  USERS_PAGE_DEFAULT,
  type OwnProfile,
  type PublicSaveProfileBody,
  type PublicUser,
  type SaveProfileBody,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

/** The profile, explore and following calls of spec part 7. */
export interface UsersApi {
  /** The caller's own profile; rejects with code `user/not-found` before signup saved one. */
  getOwnProfile(): Promise<OwnProfile>;
  getByUid(uid: string): Promise<PublicUser>;
  saveProfile(body: SaveProfileBody): Promise<OwnProfile>;
  publicSaveProfile(body: PublicSaveProfileBody): Promise<OwnProfile>;
  getMyFollowing(): Promise<PublicUser[]>;
  /**
   * One page of everyone, newest first, the caller included: callers filter themselves out (spec
   * part 6). `before` is the last uid of the previous page; a page of fewer than USERS_PAGE_DEFAULT
   * users is the last.
   */
  listUsers(before?: string): Promise<PublicUser[]>;
  follow(uid: string): Promise<void>;
  unfollow(uid: string): Promise<void>;
  /** Removes the caller's uploaded profile picture (uploads go through tus: features/profile/pictureUpload.ts). */
  removePicture(): Promise<void>;
}

export function createUsersApi(http: HttpClient): UsersApi {
  return {
    async getOwnProfile() {
      return (await http.authed(restRoutes.ownProfile)).user;
    },
    async getByUid(uid) {
      return (await http.authed(restRoutes.profileByUid, { query: { uid } })).user;
    },
    async saveProfile(body) {
      return (await http.authed(restRoutes.saveProfile, { body })).user;
    },
    async publicSaveProfile(body) {
      return (await http.authed(restRoutes.publicSaveProfile, { body })).user;
    },
    async removePicture() {
      await http.authed(restRoutes.deleteProfilePicture);
    },
    async getMyFollowing() {
      return (await http.authed(restRoutes.myFollowing)).following;
    },
    listUsers(before) {
      // Spec part 6: this one call carries no bearer token.
      return http.open(restRoutes.listUsers, { query: { limit: String(USERS_PAGE_DEFAULT), before } });
    },
    async follow(uid) {
      await http.authed(restRoutes.follow, { params: { uid } });
    },
    async unfollow(uid) {
      await http.authed(restRoutes.unfollow, { params: { uid } });
    },
  };
}
