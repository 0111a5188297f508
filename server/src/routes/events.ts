import Router from '@koa/router';
import type { IdentityVerifier } from '../identity/types.js';
import { requireAuth, type AuthState } from '../middleware/authenticate.js';
import type { EventService } from '../services/events.js';

/** MVP events, at both paths of spec part 7. */
export function eventRoutes(verifier: IdentityVerifier, events: EventService): Router<AuthState> {
  const router = new Router<AuthState>();
  for (const path of ['/events/all', '/api/events/all']) {
    router.get(path, requireAuth(verifier), async (ctx) => {
      ctx.body = await events.all();
    });
  }
  return router;
}
