import Router from '@koa/router';
import { notificationIdParamsSchema, notificationsPageQuerySchema, restRoutes } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { EmailActions } from '../notifications/email-actions.js';
import type { NotificationService } from '../notifications/notification-service.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/notifications';

/** The bell: a person's own notifications, their unread count, and their email choices. */
export function notificationRoutes(guards: Guards, notifications: NotificationService): Router<AuthState> {
  // No prefix: the list sits at the prefix itself, which a prefixed router cannot match. Each route
  // names its guard instead.
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.get(restRoutes.notifications.path, auth, async (ctx) => {
    const { limit, before } = parseQuery(ctx, notificationsPageQuerySchema);
    ctx.body = answer(restRoutes.notifications, await notifications.list(caller(ctx).uid, limit, before));
  });

  router.get(restRoutes.notificationUnread.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.notificationUnread, { unread: await notifications.unread(caller(ctx).uid) });
  });

  router.post(restRoutes.markAllNotificationsRead.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.markAllNotificationsRead, {
      unread: await notifications.markAllRead(caller(ctx).uid),
    });
  });

  router.post(restRoutes.markNotificationRead.path, auth, async (ctx) => {
    const id = Number(parseParams(notificationIdParamsSchema, ctx.params).id);
    ctx.body = answer(restRoutes.markNotificationRead, { unread: await notifications.markRead(caller(ctx).uid, id) });
  });

  router.get(restRoutes.emailPreferences.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.emailPreferences, await notifications.emailPreferences(caller(ctx).uid));
  });

  router.put(restRoutes.saveEmailPreferences.path, auth, async (ctx) => {
    const body = parseBody(ctx, restRoutes.saveEmailPreferences.body);
    ctx.body = answer(restRoutes.saveEmailPreferences, await notifications.saveEmailPreferences(caller(ctx).uid, body));
  });

  return router;
}

/** Open: the single-use token is the authority (it was mailed to the only person who may answer). */
export function emailActionRoutes(guards: Guards, emailActions: EmailActions): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.post(pathUnder(PREFIX, restRoutes.emailAction), guards.perAddress('emailActionsPerAddress'), async (ctx) => {
    await emailActions.answer(parseBody(ctx, restRoutes.emailAction.body));
    ctx.body = answer(restRoutes.emailAction, { ok: true });
  });
  return router;
}
