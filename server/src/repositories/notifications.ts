import type { Knex } from 'knex';

export interface NotificationRow {
  id: number;
  user_uid: string;
  kind: string;
  title: string;
  link: string;
  data: string;
  created_at: number;
  read_at: number | null;
}

export interface NewNotification {
  userUid: string;
  kind: string;
  title: string;
  link: string;
  data: Record<string, unknown>;
}

/** The centre's rows. Every read and write names its person, so nobody reaches another's items. */
export function notificationsRepository(db: Knex) {
  const table = () => db<NotificationRow>('notifications');
  return {
    async insert(item: NewNotification, at: number): Promise<NotificationRow> {
      const row = {
        user_uid: item.userUid,
        kind: item.kind,
        title: item.title,
        link: item.link,
        data: JSON.stringify(item.data),
        created_at: at,
        read_at: null,
      };
      const [inserted] = await table().insert(row).returning('id');
      const id = typeof inserted === 'object' ? (inserted as { id: number }).id : Number(inserted);
      return { id: Number(id), ...row };
    },

    /** Newest first; `before` is the id of the oldest item already shown. */
    page(userUid: string, limit: number, before?: number): Promise<NotificationRow[]> {
      const query = table().where({ user_uid: userUid }).orderBy('id', 'desc').limit(limit);
      if (before !== undefined) void query.andWhere('id', '<', before);
      return query;
    },

    async unreadCount(userUid: string): Promise<number> {
      const row = (await table().where({ user_uid: userUid }).whereNull('read_at').count({ n: '*' }).first()) as
        { n: number | string } | undefined;
      return Number(row?.n ?? 0);
    },

    /** False when the item is not this person's (or does not exist): the route answers 404 either way. */
    async markRead(userUid: string, id: number, at: number): Promise<boolean> {
      const owned = await table().where({ id, user_uid: userUid }).first('id');
      if (!owned) return false;
      await table().where({ id, user_uid: userUid }).whereNull('read_at').update({ read_at: at });
      return true;
    },

    async markAllRead(userUid: string, at: number): Promise<void> {
      await table().where({ user_uid: userUid }).whereNull('read_at').update({ read_at: at });
    },

    /**
     * Keeps a person's newest `keep` items and deletes the older ones, so the table stays bounded
     * however much others cause (NOTIFICATIONS_KEPT_PER_USER).
     */
    async prune(userUid: string, keep: number): Promise<void> {
      const boundary = await table().where({ user_uid: userUid }).orderBy('id', 'desc').offset(keep).first('id');
      if (boundary) await table().where({ user_uid: userUid }).andWhere('id', '<=', boundary.id).delete();
    },
  };
}
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;

/** Per-kind email choices; a kind without a row keeps its default. */
export function emailPreferencesRepository(db: Knex) {
  const table = () => db<{ user_uid: string; kind: string; email: boolean | number }>('email_preferences');
  return {
    async of(userUid: string): Promise<Map<string, boolean>> {
      const rows = await table().where({ user_uid: userUid }).select('kind', 'email');
      return new Map(rows.map((row) => [row.kind, Boolean(row.email)]));
    },
    async save(userUid: string, choices: Record<string, boolean>): Promise<void> {
      const rows = Object.entries(choices).map(([kind, email]) => ({ user_uid: userUid, kind, email }));
      if (rows.length === 0) return;
      await table().insert(rows).onConflict(['user_uid', 'kind']).merge(['email']);
    },
  };
}
export type EmailPreferencesRepository = ReturnType<typeof emailPreferencesRepository>;
