import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TITLE_MAX_LENGTH,
  notificationKindSchema,
  notificationLinkSchema,
  type EmailPreferencesResponse,
  type NotificationItem,
  type NotificationKind,
  type NotificationsResponse,
  type SaveEmailPreferencesBody,
} from '@riffroom/protocol';
import { notFound } from '../errors.js';
import type { EventBus } from '../events/event-bus.js';
import type { Logger } from '../logger.js';
import type {
  EmailPreferencesRepository,
  NotificationRow,
  NotificationsRepository,
} from '../repositories/notifications.js';
import type { NotificationInput, Notifier } from './notifier.js';

/** Where an item goes by email; absent, the box sends no mail. */
export interface MailOutbox {
  enqueue(row: NotificationRow): Promise<void>;
}

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export function notificationItem(row: NotificationRow): NotificationItem {
  return {
    _id: String(row.id),
    kind: row.kind as NotificationKind,
    title: row.title,
    link: row.link,
    data: JSON.parse(row.data) as Record<string, unknown>,
    createdAt: iso(row.created_at),
    readAt: row.read_at === null ? null : iso(row.read_at),
  };
}

const noSuchNotification = () => notFound('notification/not-found', 'No such notification.');

/**
 * The notification centre (design.md §9): records what a service tells a person, delivers it live
 * to their sockets on any node through the event bus, and hands it to the mail outbox. The person
 * reads, and marks read, only their own items.
 */
export class NotificationService implements Notifier {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly preferences: EmailPreferencesRepository,
    private readonly bus: EventBus,
    private readonly outbox: MailOutbox | null,
    private readonly options: { keptPerUser: number },
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async notify(input: NotificationInput): Promise<void> {
    // A kind or link outside the contract is the calling service's bug: it fails loudly, here.
    const kind = notificationKindSchema.parse(input.kind);
    const link = notificationLinkSchema.parse(input.link);
    const title = input.title.slice(0, NOTIFICATION_TITLE_MAX_LENGTH);
    const row = await this.notifications.insert(
      { userUid: input.userId, kind, title, link, data: input.data ?? {} },
      this.now(),
    );
    await this.notifications.prune(input.userId, this.options.keptPerUser);
    this.bus.publish({ type: 'notification', toUid: input.userId, notification: notificationItem(row) });
    // The centre already holds the item: a mail that cannot be queued is logged, never the caller's failure.
    await this.outbox
      ?.enqueue(row)
      .catch((error: unknown) => this.logger.error({ err: error, kind }, 'could not queue a notification email'));
  }

  async list(uid: string, limit: number, before?: string): Promise<NotificationsResponse> {
    // One more than asked tells whether an older page exists.
    const rows = await this.notifications.page(uid, limit + 1, before === undefined ? undefined : Number(before));
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(notificationItem),
      nextBefore: rows.length > limit ? String(page[page.length - 1]!.id) : null,
    };
  }

  unread(uid: string): Promise<number> {
    return this.notifications.unreadCount(uid);
  }

  /** 404 for an item that is not the caller's, exactly as for one that does not exist. */
  async markRead(uid: string, id: number): Promise<number> {
    if (!(await this.notifications.markRead(uid, id, this.now()))) throw noSuchNotification();
    return this.unread(uid);
  }

  async markAllRead(uid: string): Promise<number> {
    await this.notifications.markAllRead(uid, this.now());
    return 0;
  }

  async emailPreferences(uid: string): Promise<EmailPreferencesResponse> {
    const chosen = await this.preferences.of(uid);
    const email = Object.fromEntries(
      (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => [
        kind,
        chosen.get(kind) ?? NOTIFICATION_KINDS[kind].email,
      ]),
    ) as Record<NotificationKind, boolean>;
    return { email, mailEnabled: this.outbox !== null };
  }

  async saveEmailPreferences(uid: string, body: SaveEmailPreferencesBody): Promise<EmailPreferencesResponse> {
    await this.preferences.save(uid, body.email as Record<string, boolean>);
    return this.emailPreferences(uid);
  }
}

/** Whether `kind` goes to `uid` by email: their choice, or the kind's default. */
export async function wantsEmail(preferences: EmailPreferencesRepository, uid: string, kind: string): Promise<boolean> {
  const chosen = (await preferences.of(uid)).get(kind);
  return chosen ?? NOTIFICATION_KINDS[kind as NotificationKind]?.email ?? false;
}
