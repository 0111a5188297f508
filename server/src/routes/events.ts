import Router from '@koa/router';
import { restRoutes } from '@riffroom/protocol';
import type { AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import type { EventService } from '../services/events.js';
import { answer } from './contract.js';

/** MVP events, at both paths of spec part 7. */
export function eventRoutes(guards: Guards, events: EventService): Router<AuthState> {
  const router = new Router<AuthState>();
  for (const path of ['/events/all', restRoutes.allEvents.path]) {
    router.get(path, guards.auth, async (ctx) => {
      ctx.body = answer(restRoutes.allEvents, await events.all());
    });
  }
  return router;
}
