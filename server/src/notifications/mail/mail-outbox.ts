import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_ACTION_PAGE } from '@riffroom/protocol';
import type { Logger } from '../../logger.js';
import type { JobsRepository } from '../../repositories/jobs.js';
import type { EmailLinksRepository } from '../../repositories/email-links.js';
import type { EmailPreferencesRepository, NotificationRow } from '../../repositories/notifications.js';
import type { UsersRepository } from '../../repositories/users.js';
import type { MailOutbox } from '../notification-service.js';
import { wantsEmail } from '../notification-service.js';
import type { Mailer } from './mailer.js';
import { renderNotificationMail } from './render.js';

export const NOTIFICATION_MAIL_JOB = 'notification-mail';
/** The only email link so far: answering a booking request. */
export const BOOKING_ANSWER_PURPOSE = 'booking-answer';

interface MailJobPayload {
  userUid: string;
  kind: string;
  title: string;
  link: string;
  bookingId: number | null;
}

export interface MailOutboxOptions {
  /** Absolute links need the box's public address; without it the mail says to open Riffroom. */
  publicUrl: string | undefined;
  mailsPerUserPerHour: number;
  linkTtlHours: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Notification email: a request only writes a job row (never waits for SMTP); the job worker,
 * under its lease, renders and sends. The address is read when sending, so a changed address is
 * honoured, and a single-use answer link is made per attempt (only its hash is stored).
 */
export class NotificationMailOutbox implements MailOutbox {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly preferences: EmailPreferencesRepository,
    private readonly users: UsersRepository,
    private readonly links: EmailLinksRepository,
    private readonly mailer: Mailer,
    private readonly options: MailOutboxOptions,
    private readonly logger: Logger,
    private readonly onEnqueued: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  async enqueue(row: NotificationRow): Promise<void> {
    if (!(await wantsEmail(this.preferences, row.user_uid, row.kind))) return;
    const now = this.now();
    const lastHour = await this.jobs.countSince(row.user_uid, NOTIFICATION_MAIL_JOB, now - 3600_000);
    if (lastHour >= this.options.mailsPerUserPerHour) {
      this.logger.warn({ kind: row.kind }, 'notification email skipped: the per-person hourly limit is reached');
      return;
    }
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const bookingId =
      row.kind === 'booking-requested' && typeof data.bookingId === 'string' ? Number(data.bookingId) : null;
    const payload: MailJobPayload = {
      userUid: row.user_uid,
      kind: row.kind,
      title: row.title,
      link: row.link,
      bookingId,
    };
    await this.jobs.enqueue({ kind: NOTIFICATION_MAIL_JOB, payload, userUid: row.user_uid, runAt: now }, now);
    this.onEnqueued();
  }

  /** The job handler: throws on an SMTP failure, so the worker retries with backoff. */
  readonly send = async (raw: unknown): Promise<void> => {
    const payload = raw as MailJobPayload;
    const user = await this.users.findOwn(payload.userUid);
    if (!user?.user_email) return; // Gone, or no address: nothing to retry.
    const base = this.options.publicUrl;
    await this.mailer.send(
      renderNotificationMail({
        to: user.user_email,
        title: payload.title,
        openUrl: base ? base + payload.link : null,
        answerUrl: base && payload.bookingId !== null ? await this.answerUrl(base, payload) : null,
        settingsUrl: base ? `${base}/dashboard?tab=settings` : null,
      }),
    );
  };

  private async answerUrl(base: string, payload: MailJobPayload): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.links.insert({
      token_hash: hashToken(token),
      user_uid: payload.userUid,
      purpose: BOOKING_ANSWER_PURPOSE,
      subject_id: payload.bookingId!,
      expires_at: this.now() + this.options.linkTtlHours * 3600_000,
    });
    return `${base}${EMAIL_ACTION_PAGE}?token=${token}`;
  }
}
