import Router from '@koa/router';
import { freeSlotsQuerySchema, restRoutes, uidParamsSchema } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { AvailabilityService } from '../services/market/availability.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/availability';

/** Working hours (own) and free slots (anyone's, signed in): issue 35, "Availability". */
export function availabilityRoutes(guards: Guards, availability: AvailabilityService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);

  router.get(pathUnder(PREFIX, restRoutes.myAvailability), async (ctx) => {
    ctx.body = answer(restRoutes.myAvailability, { availability: await availability.mine(caller(ctx).uid) });
  });

  router.put(pathUnder(PREFIX, restRoutes.saveAvailability), async (ctx) => {
    const body = parseBody(ctx, restRoutes.saveAvailability.body);
    ctx.body = answer(restRoutes.saveAvailability, { availability: await availability.save(caller(ctx).uid, body) });
  });

  // Computing slots reads the provider's sessions: limited like a search.
  router.get(pathUnder(PREFIX, restRoutes.freeSlots), guards.perCaller('searchesPerUser'), async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    const query = parseQuery(ctx, freeSlotsQuerySchema);
    ctx.body = answer(restRoutes.freeSlots, await availability.slotsOf(uid, query));
  });

  return router;
}
