import Router from '@koa/router';
import { CALENDAR_FEED_PATH_PREFIX, calendarFeedParamsSchema, restRoutes } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseParams } from '../middleware/validate.js';
import type { CalendarFeedService } from '../services/calendar-feed.js';
import { answer } from './contract.js';

/**
 * The private calendar feed. Managing it takes the bearer token; reading it takes only the secret
 * in its URL, because calendar apps subscribe with a bare URL.
 */
export function calendarFeedRoutes(guards: Guards, feeds: CalendarFeedService): Router<AuthState> {
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.get(restRoutes.calendarFeedStatus.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.calendarFeedStatus, await feeds.status(caller(ctx).uid));
  });
  router.post(restRoutes.rotateCalendarFeed.path, auth, async (ctx) => {
    ctx.status = 201;
    ctx.body = answer(restRoutes.rotateCalendarFeed, await feeds.rotate(caller(ctx).uid));
  });
  router.delete(restRoutes.revokeCalendarFeed.path, auth, async (ctx) => {
    await feeds.revoke(caller(ctx).uid);
    ctx.status = 204;
  });

  router.get(`${CALENDAR_FEED_PATH_PREFIX}:file`, async (ctx) => {
    const { file } = parseParams(calendarFeedParamsSchema, ctx.params);
    ctx.body = await feeds.render(file.slice(0, -'.ics'.length), ctx.hostname || 'riffroom');
    ctx.type = 'text/calendar; charset=utf-8';
    // The URL is a credential: keep it out of shared caches and referrers.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
  });
  return router;
}
