import Router from '@koa/router';
import { marketBookingIdParamsSchema, restRoutes, reviewIdParamsSchema, uidParamsSchema } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { ReviewService } from '../services/market/reviews.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/market';

/** Reviews (issue 35): written within RATE_REVIEWS_PER_USER; read by any signed-in person. */
export function reviewRoutes(guards: Guards, reviews: ReviewService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);

  router.put(pathUnder(PREFIX, restRoutes.reviewBooking), guards.perCaller('reviewsPerUser'), async (ctx) => {
    const id = Number(parseParams(marketBookingIdParamsSchema, ctx.params).id);
    const body = parseBody(ctx, restRoutes.reviewBooking.body);
    ctx.body = answer(restRoutes.reviewBooking, { review: await reviews.review(caller(ctx).uid, id, body) });
  });

  router.post(pathUnder(PREFIX, restRoutes.replyToReview), guards.perCaller('reviewsPerUser'), async (ctx) => {
    const id = Number(parseParams(reviewIdParamsSchema, ctx.params).id);
    const { text } = parseBody(ctx, restRoutes.replyToReview.body);
    ctx.body = answer(restRoutes.replyToReview, { review: await reviews.reply(caller(ctx).uid, id, text) });
  });

  router.get(pathUnder(PREFIX, restRoutes.reviewsOf), async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.reviewsOf, await reviews.of(uid));
  });

  return router;
}
