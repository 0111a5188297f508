import Router from '@koa/router';
import { restRoutes, searchQuerySchema } from '@riffroom/protocol';
import type { AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseQuery } from '../middleware/validate.js';
import type { MarketSearchService } from '../services/market/search.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/market';

/** Marketplace search (issue 35): signed-in callers, within RATE_SEARCHES_PER_USER. */
export function marketSearchRoutes(guards: Guards, search: MarketSearchService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);
  router.get(pathUnder(PREFIX, restRoutes.search), guards.perCaller('searchesPerUser'), async (ctx) => {
    ctx.body = answer(restRoutes.search, await search.find(parseQuery(ctx, searchQuerySchema)));
  });
  return router;
}
