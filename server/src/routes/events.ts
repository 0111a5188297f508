import Router from '@koa/router';
import type { AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import type { EventService } from '../services/events.js';

/** MVP events, at both paths of spec part 7. */
export function eventRoutes(guards: Guards, events: EventService): Router<AuthState> {
  const router = new Router<AuthState>();
  for (const path of ['/events/all', '/api/events/all']) {
    router.get(path, guards.auth, async (ctx) => {
      ctx.body = await events.all();
    });
  }
  return router;
}
