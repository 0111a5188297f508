import { EMPTY_PROFILE, isUploadedPictureUrl, type OwnProfile, type PublicUser } from '@riffroom/protocol';
import type { Db } from '../db/connect.js';

interface UserRow extends Omit<OwnProfile, 'user_style'> {
  user_style: string;
  user_username_key: string;
  created_at: number;
  updated_at: number;
}

type Row = Record<string, unknown>;

const PUBLIC_COLUMNS: string[] = ['firebase_uid', 'user_name', 'user_username', ...Object.keys(EMPTY_PROFILE)];

export type ProfileChanges = Partial<Omit<OwnProfile, 'firebase_uid'>>;

function toRow(changes: ProfileChanges): Partial<UserRow> {
  const { user_style, ...rest } = changes;
  const row: Partial<UserRow> = { ...rest };
  if (user_style !== undefined) row.user_style = JSON.stringify(user_style);
  if (changes.user_username !== undefined) row.user_username_key = changes.user_username.toLowerCase();
  return row;
}

function toPublic(row: Row): PublicUser {
  const user: Record<string, unknown> = {};
  for (const column of PUBLIC_COLUMNS) user[column] = row[column];
  user.user_style = JSON.parse(String(row.user_style ?? '[]'));
  // A row saved before issue 36 may hold a link to another site: it reads as no picture.
  if (!isUploadedPictureUrl(String(row.profileImageUrl ?? ''))) user.profileImageUrl = '';
  return user as PublicUser;
}

/** Profiles. Public reads select only public columns, so an email cannot leak by accident. */
export function usersRepository(db: Db) {
  const table = () => db<UserRow>('users');
  const read = () => db('users');
  return {
    async findPublic(uid: string): Promise<PublicUser | undefined> {
      const row: Row | undefined = await read().select(PUBLIC_COLUMNS).where({ firebase_uid: uid }).first();
      return row && toPublic(row);
    },
    async findOwn(uid: string): Promise<OwnProfile | undefined> {
      const row: Row | undefined = await read()
        .select([...PUBLIC_COLUMNS, 'user_email'])
        .where({ firebase_uid: uid })
        .first();
      return row && { ...toPublic(row), user_email: String(row.user_email) };
    },
    /** Which of `uids` have a profile: one narrow index lookup instead of reading whole profiles. */
    async existing(uids: string[]): Promise<Set<string>> {
      if (uids.length === 0) return new Set();
      const rows: { firebase_uid: string }[] = await read().select('firebase_uid').whereIn('firebase_uid', uids);
      return new Set(rows.map((row) => row.firebase_uid));
    },
    /** Several users at once, in the order of `uids`; unknown uids are skipped. */
    async findManyPublic(uids: string[]): Promise<PublicUser[]> {
      if (uids.length === 0) return [];
      const rows: Row[] = await read().select(PUBLIC_COLUMNS).whereIn('firebase_uid', uids);
      const byUid = new Map(rows.map((row) => [String(row.firebase_uid), toPublic(row)]));
      return uids.flatMap((uid) => byUid.get(uid) ?? []);
    },
    async findByUsername(username: string): Promise<{ firebase_uid: string } | undefined> {
      return table().select('firebase_uid').where({ user_username_key: username.toLowerCase() }).first();
    },
    async insert(uid: string, profile: ProfileChanges & Pick<OwnProfile, 'user_email' | 'user_username'>, at: number) {
      await table().insert({
        ...toRow({ ...EMPTY_PROFILE, ...profile }),
        firebase_uid: uid,
        created_at: at,
        updated_at: at,
      });
    },
    async update(uid: string, changes: ProfileChanges, at: number): Promise<void> {
      await table()
        .where({ firebase_uid: uid })
        .update({ ...toRow(changes), updated_at: at });
    },
    /**
     * One page of everyone, newest first (ties by uid), optionally without one user (the caller on
     * Explore). `before` is the last uid of the previous page; null when that user does not exist.
     */
    async listPublicPage(page: { limit: number; before?: string }, excludeUid?: string): Promise<PublicUser[] | null> {
      const query = read()
        .select(PUBLIC_COLUMNS)
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'firebase_uid', order: 'desc' },
        ])
        .limit(page.limit);
      if (excludeUid) query.whereNot({ firebase_uid: excludeUid });
      if (page.before !== undefined) {
        const cursor: { created_at: number } | undefined = await read()
          .select('created_at')
          .where({ firebase_uid: page.before })
          .first();
        if (!cursor) return null;
        const { before } = page;
        query.where((older) =>
          older
            .where('created_at', '<', cursor.created_at)
            .orWhere((same) => same.where('created_at', cursor.created_at).where('firebase_uid', '<', before)),
        );
      }
      const rows: Row[] = await query;
      return rows.map(toPublic);
    },
    async listFollowedBy(uid: string): Promise<PublicUser[]> {
      const rows: Row[] = await db('follows')
        .join('users', 'users.firebase_uid', 'follows.followee_uid')
        .where('follows.follower_uid', uid)
        .orderBy('follows.created_at', 'desc')
        .select(PUBLIC_COLUMNS.map((column) => `users.${column}`));
      return rows.map(toPublic);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
