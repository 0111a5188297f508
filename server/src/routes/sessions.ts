import Router from '@koa/router';
import {
  restRoutes,
  bookingIdParamsSchema,
  joinRequestIdParamsSchema,
  sessionIdParamsSchema,
  uidParamsSchema,
} from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { BookingService } from '../services/bookings.js';
import type { JoinAnswerService } from '../services/join-answers.js';
import type { SessionService } from '../services/sessions.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/sessions';

export interface SessionRouteDeps {
  guards: Guards;
  sessions: SessionService;
  bookings: BookingService;
  joinAnswers: JoinAnswerService;
}

/** Calendar sessions, bookings and join requests at exactly the paths of spec part 7. */
export function sessionRoutes({ guards, sessions, bookings, joinAnswers }: SessionRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);
  const sessionId = (params: unknown) => Number(parseParams(sessionIdParamsSchema, params).id);

  router.post(pathUnder(PREFIX, restRoutes.createSession), guards.perCaller('sessionsPerUser'), async (ctx) => {
    const body = parseBody(ctx, restRoutes.createSession.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.createSession, { session: await sessions.create(caller(ctx).uid, body) });
  });

  router.get(pathUnder(PREFIX, restRoutes.userSessions), async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.userSessions, await sessions.calendarOf(caller(ctx).uid, uid));
  });

  router.get(pathUnder(PREFIX, restRoutes.myBookings), async (ctx) => {
    ctx.body = answer(restRoutes.myBookings, await bookings.mine(caller(ctx).uid));
  });

  router.post(pathUnder(PREFIX, restRoutes.requestBooking), guards.perCaller('bookingsPerUser'), async (ctx) => {
    const body = parseBody(ctx, restRoutes.requestBooking.body);
    const { booking, created } = await bookings.request(caller(ctx).uid, body);
    // The same pending request again is answered with the stored one: 200, not a second 201.
    ctx.status = created ? 201 : 200;
    ctx.body = answer(restRoutes.requestBooking, { booking });
  });

  router.patch(pathUnder(PREFIX, restRoutes.respondBooking), async (ctx) => {
    const id = Number(parseParams(bookingIdParamsSchema, ctx.params).id);
    const body = parseBody(ctx, restRoutes.respondBooking.body);
    ctx.body = answer(restRoutes.respondBooking, { booking: await bookings.respond(caller(ctx).uid, id, body) });
  });

  router.get(pathUnder(PREFIX, restRoutes.myJoinRequests), async (ctx) => {
    ctx.body = answer(restRoutes.myJoinRequests, await joinAnswers.mine(caller(ctx).uid));
  });

  // Only the session's host answers; anyone else gets 404 (services/join-answers.ts).
  router.patch(pathUnder(PREFIX, restRoutes.answerJoinRequest), async (ctx) => {
    const id = Number(parseParams(joinRequestIdParamsSchema, ctx.params).id);
    const body = parseBody(ctx, restRoutes.answerJoinRequest.body);
    ctx.body = answer(restRoutes.answerJoinRequest, {
      joinRequest: await joinAnswers.answer(caller(ctx).uid, id, body),
    });
  });

  router.post(pathUnder(PREFIX, restRoutes.requestToJoin), async (ctx) => {
    const id = sessionId(ctx.params);
    const body = parseBody(ctx, restRoutes.requestToJoin.body);
    ctx.status = 201;
    const joinRequest = await sessions.requestToJoin(caller(ctx).uid, id, body);
    ctx.body = answer(restRoutes.requestToJoin, { joinRequest });
  });

  router.put(pathUnder(PREFIX, restRoutes.updateSession), async (ctx) => {
    const id = sessionId(ctx.params);
    const body = parseBody(ctx, restRoutes.updateSession.body);
    ctx.body = answer(restRoutes.updateSession, { session: await sessions.update(caller(ctx).uid, id, body) });
  });

  router.delete(pathUnder(PREFIX, restRoutes.cancelSession), async (ctx) => {
    await sessions.cancel(caller(ctx).uid, sessionId(ctx.params));
    ctx.status = 204;
  });

  return router;
}
