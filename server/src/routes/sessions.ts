import Router from '@koa/router';
import {
  bookingIdParamsSchema,
  bookingRequestBodySchema,
  joinRequestBodySchema,
  respondBookingBodySchema,
  sessionBodySchema,
  sessionIdParamsSchema,
  uidParamsSchema,
} from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { BookingService } from '../services/bookings.js';
import type { SessionService } from '../services/sessions.js';

export interface SessionRouteDeps {
  guards: Guards;
  sessions: SessionService;
  bookings: BookingService;
}

/** Calendar sessions, bookings and join requests at exactly the paths of spec part 7. */
export function sessionRoutes({ guards, sessions, bookings }: SessionRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/sessions' });
  router.use(guards.auth);
  const sessionId = (params: unknown) => Number(parseParams(sessionIdParamsSchema, params).id);

  router.post('/create', guards.perCaller('sessionsPerUser'), async (ctx) => {
    const body = parseBody(ctx, sessionBodySchema);
    ctx.status = 201;
    ctx.body = { session: await sessions.create(caller(ctx).uid, body) };
  });

  router.get('/user/:uid', async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    ctx.body = await sessions.calendarOf(caller(ctx).uid, uid);
  });

  router.get('/my-bookings', async (ctx) => {
    ctx.body = await bookings.mine(caller(ctx).uid);
  });

  router.post('/request-booking', guards.perCaller('bookingsPerUser'), async (ctx) => {
    const body = parseBody(ctx, bookingRequestBodySchema);
    const { booking, created } = await bookings.request(caller(ctx).uid, body);
    // The same pending request again is answered with the stored one: 200, not a second 201.
    ctx.status = created ? 201 : 200;
    ctx.body = { booking };
  });

  router.patch('/respond-booking/:id', async (ctx) => {
    const id = Number(parseParams(bookingIdParamsSchema, ctx.params).id);
    const body = parseBody(ctx, respondBookingBodySchema);
    ctx.body = { booking: await bookings.respond(caller(ctx).uid, id, body) };
  });

  router.post('/:id/join-request', async (ctx) => {
    const id = sessionId(ctx.params);
    const body = parseBody(ctx, joinRequestBodySchema);
    ctx.status = 201;
    ctx.body = { joinRequest: await sessions.requestToJoin(caller(ctx).uid, id, body) };
  });

  router.put('/:id', async (ctx) => {
    const id = sessionId(ctx.params);
    const body = parseBody(ctx, sessionBodySchema);
    ctx.body = { session: await sessions.update(caller(ctx).uid, id, body) };
  });

  router.delete('/:id', async (ctx) => {
    await sessions.cancel(caller(ctx).uid, sessionId(ctx.params));
    ctx.status = 204;
  });

  return router;
}
