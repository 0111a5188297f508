import type { Setting } from '@riffroom/protocol/config';
import { sectionSettings } from '@riffroom/protocol/config';
import { z } from 'zod';

/**
 * The notification centre and its email (issue 35). Mail is off until SMTP_URL names a server, so
 * a single box works without any; the limits bound what others can make the box store and send
 * about one person.
 */
export const NOTIFICATION_LIMITS = {
  keptPerUser: {
    env: 'NOTIFICATIONS_KEPT_PER_USER',
    default: 500,
    meaning: "a person's newest notifications kept in their centre; older ones are deleted",
  },
  mailsPerUserPerHour: {
    env: 'MAIL_PER_USER_PER_HOUR',
    default: 20,
    meaning: 'notification emails one person is sent per hour; past it the centre and the toast still tell them',
  },
  mailMaxAttempts: {
    env: 'MAIL_MAX_ATTEMPTS',
    default: 8,
    meaning: 'tries to hand an email to the SMTP server (waiting 30 s, then twice as long each time) before giving up',
  },
  linkTtlHours: {
    env: 'EMAIL_LINK_TTL_HOURS',
    default: 72,
    meaning: "how long a booking email's single-use answer link works",
  },
} as const;

const count = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const notificationsConfigSchema = z.strictObject({
  /** smtp:// or smtps:// with its user and password; unset: no mail. */
  smtpUrl: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .max(2048)
    .optional(),
  /** The From of every email; required with smtpUrl. */
  mailFrom: z.string().min(3).max(320).optional(),
  keptPerUser: count(NOTIFICATION_LIMITS.keptPerUser.default, 100_000),
  mailsPerUserPerHour: count(NOTIFICATION_LIMITS.mailsPerUserPerHour.default, 10_000),
  mailMaxAttempts: count(NOTIFICATION_LIMITS.mailMaxAttempts.default, 100),
  linkTtlHours: count(NOTIFICATION_LIMITS.linkTtlHours.default, 24 * 90),
});
export type NotificationsConfig = z.infer<typeof notificationsConfigSchema>;

export const NOTIFICATION_SETTINGS: readonly Setting[] = [
  {
    path: 'notifications.smtpUrl',
    env: 'SMTP_URL',
    defaultNote: 'no email',
    meaning:
      'The SMTP server notification emails go through (`smtp://user:pass@mail.example.com:587`, `smtps://…` for TLS from the start); unset, nobody is mailed',
    secret: true,
  },
  {
    path: 'notifications.mailFrom',
    env: 'MAIL_FROM',
    meaning: 'The From address of notification emails (`Riffroom <studio@example.com>`); needed with `SMTP_URL`',
  },
  ...sectionSettings('notifications', NOTIFICATION_LIMITS),
];
