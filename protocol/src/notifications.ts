import { z } from 'zod';

/**
 * The notification centre's wire contract (issue 35, design.md §9): what a person is told, the
 * bell's list and unread count, and which kinds they want by email. Services create items through
 * the server's Notifier; this file is what the client reads.
 */

/**
 * Every kind a service may notify. A new kind is added here, so Settings can offer its email
 * switch; `email` is whether it is mailed when the person has said nothing.
 */
export const NOTIFICATION_KINDS = {
  'booking-requested': { label: 'Booking requests I receive', email: true },
  'booking-answered': { label: 'Answers to my booking requests', email: true },
  'booking-proposed': { label: 'Other times proposed for my bookings', email: true },
  'booking-cancelled': { label: 'Cancelled bookings', email: true },
  'booking-reminder': { label: 'Reminders before a booking', email: true },
  'booking-moved': { label: 'Bookings moved to another time', email: true },
  'booking-added': { label: 'Bookings I am added to', email: true },
  'join-requested': { label: 'Requests to join my sessions', email: true },
  'join-answered': { label: 'Answers to my join requests', email: false },
  'review-received': { label: 'Reviews of my work', email: true },
  'project-invited': { label: 'Project invitations', email: true },
  'project-mentioned': { label: 'Mentions in projects', email: false },
  'project-commented': { label: 'New comments in my projects', email: false },
} as const satisfies Record<string, { label: string; email: boolean }>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const notificationKindSchema = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

export const NOTIFICATION_TITLE_MAX_LENGTH = 200;
export const NOTIFICATION_LINK_MAX_LENGTH = 500;
export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

/** A link inside the app: a path of this origin, never another site (the item is a link in the bell). */
export const notificationLinkSchema = z
  .string()
  .max(NOTIFICATION_LINK_MAX_LENGTH)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path inside the app');

export const notificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  title: z.string().max(NOTIFICATION_TITLE_MAX_LENGTH),
  link: notificationLinkSchema,
  data: z.record(z.string(), z.unknown()),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601; null while unread. */
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** `before` is the `nextBefore` of the previous page: pages walk back in time. */
export const notificationsPageQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'must be the nextBefore of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
});
export type NotificationsPageQuery = z.infer<typeof notificationsPageQuerySchema>;

export const notificationsResponseSchema = z.object({
  /** Newest first. */
  notifications: z.array(notificationSchema),
  nextBefore: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,15}$/, 'must be a notification id') });

/** Which kinds a person wants by email; kinds left out keep their default (NOTIFICATION_KINDS). */
export const emailPreferencesSchema = z.partialRecord(notificationKindSchema, z.boolean());
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const emailPreferencesResponseSchema = z.object({
  /** Every kind, with the person's choice or its default. */
  email: z.record(notificationKindSchema, z.boolean()),
  /** False when the box sends no mail (SMTP_URL unset): Settings says so instead of offering switches. */
  mailEnabled: z.boolean(),
});
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponseSchema>;

export const saveEmailPreferencesBodySchema = z.object({ email: emailPreferencesSchema });
export type SaveEmailPreferencesBody = z.infer<typeof saveEmailPreferencesBodySchema>;

/** The answer link of a booking email: its token, and what the person chose on the page it opens. */
export const EMAIL_ACTION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const emailActionBodySchema = z.object({
  token: z.string().regex(EMAIL_ACTION_TOKEN_PATTERN, 'must be the token of an email link'),
  action: z.enum(['accept', 'decline']),
});
export type EmailActionBody = z.infer<typeof emailActionBodySchema>;

/** The client page an email's answer link opens (the token rides in the query). */
export const EMAIL_ACTION_PAGE = '/email-answer';

const okAnswer = z.object({ ok: z.literal(true) });

/** The centre's REST routes; rest-routes.ts spreads them into restRoutes. A person reaches only their own. */
export const notificationRestRoutes = {
  notifications: { method: 'GET', path: '/api/notifications', response: notificationsResponseSchema },
  notificationUnread: { method: 'GET', path: '/api/notifications/unread', response: notificationUnreadSchema },
  markNotificationRead: { method: 'POST', path: '/api/notifications/:id/read', response: notificationUnreadSchema },
  markAllNotificationsRead: { method: 'POST', path: '/api/notifications/read-all', response: notificationUnreadSchema },
  emailPreferences: {
    method: 'GET',
    path: '/api/notifications/email-preferences',
    response: emailPreferencesResponseSchema,
  },
  saveEmailPreferences: {
    method: 'PUT',
    path: '/api/notifications/email-preferences',
    body: saveEmailPreferencesBodySchema,
    response: emailPreferencesResponseSchema,
  },
  /** Open (the token is the authority): answers a booking from its email's single-use link. */
  emailAction: {
    method: 'POST',
    path: '/api/notifications/email-action',
    body: emailActionBodySchema,
    response: okAnswer,
  },
} as const;
