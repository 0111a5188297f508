import {
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
}

export function createUsersApi(http: HttpClient): UsersApi {
  return {
    async getOwnProfile() {
      return (await http.authed<{ user: OwnProfile }>('/api/user/profile')).user;
    },
    async getByUid(uid) {
      return (await http.authed<{ user: PublicUser }>(`/api/user/by-uid?uid=${encodeURIComponent(uid)}`)).user;
    },
    async saveProfile(body) {
      return (await http.authed<{ user: OwnProfile }>('/api/user/save-profile', { method: 'POST', body })).user;
    },
    async publicSaveProfile(body) {
      return (await http.authed<{ user: OwnProfile }>('/api/user/public-save-profile', { method: 'POST', body })).user;
    },
    async getMyFollowing() {
      return (await http.authed<{ following: PublicUser[] }>('/api/user/my-following')).following;
    },
    listUsers(before) {
      // Spec part 6: this one call carries no bearer token.
      const query = new URLSearchParams({ limit: String(USERS_PAGE_DEFAULT) });
      if (before) query.set('before', before);
      return http.open<PublicUser[]>(`/user/users?${query}`);
    },
    async follow(uid) {
      await http.authed<void>(`/api/user/follow/${encodeURIComponent(uid)}`, { method: 'POST' });
    },
    async unfollow(uid) {
      await http.authed<void>(`/api/user/follow/${encodeURIComponent(uid)}`, { method: 'DELETE' });
    },
  };
}
