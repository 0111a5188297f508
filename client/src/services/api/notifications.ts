import {
  restRoutes,
  type EmailActionBody,
  type EmailPreferences,
  type EmailPreferencesResponse,
  type NotificationsResponse,
} from '@riffroom/protocol';
import type { HttpClient } from './http';

/** The notification centre (issue 35): the bell's list and count, and the email settings. */
export interface NotificationsApi {
  /** Newest first; `before` is the nextBefore of the previous page. */
  list(before?: string): Promise<NotificationsResponse>;
  unread(): Promise<number>;
  /** Returns the unread count after marking. */
  markRead(id: string): Promise<number>;
  markAllRead(): Promise<number>;
  emailPreferences(): Promise<EmailPreferencesResponse>;
  saveEmailPreferences(email: EmailPreferences): Promise<EmailPreferencesResponse>;
  /** Answers a booking through an email's single-use link (no sign-in needed). */
  emailAction(body: EmailActionBody): Promise<void>;
}

export function createNotificationsApi(http: HttpClient): NotificationsApi {
  return {
    list(before) {
      return http.authed(restRoutes.notifications, { query: { before } });
    },
    async unread() {
      return (await http.authed(restRoutes.notificationUnread)).unread;
    },
    async markRead(id) {
      return (await http.authed(restRoutes.markNotificationRead, { params: { id } })).unread;
    },
    async markAllRead() {
      return (await http.authed(restRoutes.markAllNotificationsRead)).unread;
    },
    emailPreferences() {
      return http.authed(restRoutes.emailPreferences);
    },
    saveEmailPreferences(email) {
      return http.authed(restRoutes.saveEmailPreferences, { body: { email } });
    },
    async emailAction(body) {
      await http.open(restRoutes.emailAction, { body });
    },
  };
}
