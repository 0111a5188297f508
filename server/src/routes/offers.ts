import Router from '@koa/router';
import { offerIdParamsSchema, restRoutes, uidParamsSchema } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { OfferService } from '../services/market/offers.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/offers';

/** The marketplace's offers (issue 35): signed-in readers only, changes by the owner only. */
export function offerRoutes(guards: Guards, offers: OfferService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);
  const offerId = (params: unknown) => Number(parseParams(offerIdParamsSchema, params).id);

  router.post(pathUnder(PREFIX, restRoutes.createOffer), guards.perCaller('offersPerUser'), async (ctx) => {
    const body = parseBody(ctx, restRoutes.createOffer.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.createOffer, { offer: await offers.create(caller(ctx).uid, body) });
  });

  router.get(pathUnder(PREFIX, restRoutes.myOffers), async (ctx) => {
    ctx.body = answer(restRoutes.myOffers, { offers: await offers.mine(caller(ctx).uid) });
  });

  router.get(pathUnder(PREFIX, restRoutes.offersOf), async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.offersOf, { offers: await offers.of(caller(ctx).uid, uid) });
  });

  router.get(pathUnder(PREFIX, restRoutes.getOffer), async (ctx) => {
    ctx.body = answer(restRoutes.getOffer, { offer: await offers.get(caller(ctx).uid, offerId(ctx.params)) });
  });

  router.put(pathUnder(PREFIX, restRoutes.updateOffer), guards.perCaller('offersPerUser'), async (ctx) => {
    const id = offerId(ctx.params);
    const body = parseBody(ctx, restRoutes.updateOffer.body);
    ctx.body = answer(restRoutes.updateOffer, { offer: await offers.update(caller(ctx).uid, id, body) });
  });

  router.patch(pathUnder(PREFIX, restRoutes.pauseOffer), async (ctx) => {
    const id = offerId(ctx.params);
    const { paused } = parseBody(ctx, restRoutes.pauseOffer.body);
    ctx.body = answer(restRoutes.pauseOffer, { offer: await offers.setPaused(caller(ctx).uid, id, paused) });
  });

  router.delete(pathUnder(PREFIX, restRoutes.deleteOffer), async (ctx) => {
    await offers.remove(caller(ctx).uid, offerId(ctx.params));
    ctx.status = 204;
  });

  return router;
}
