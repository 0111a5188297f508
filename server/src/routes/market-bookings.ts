import Router from '@koa/router';
import { bookingParticipantParamsSchema, marketBookingIdParamsSchema, restRoutes } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { MarketBookingService } from '../services/market/bookings.js';
import type { BookingParticipantService } from '../services/market/booking-participants.js';
import type { BookingRoomService } from '../services/market/booking-room.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/market/bookings';

/** Bookings from offers (issue 35): requests within RATE_BOOKINGS_PER_USER; a stranger gets 404. */
export function marketBookingRoutes(
  guards: Guards,
  bookings: MarketBookingService,
  bookingRooms: BookingRoomService,
  participants: BookingParticipantService,
): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.use(guards.auth);
  const bookingId = (params: unknown) => Number(parseParams(marketBookingIdParamsSchema, params).id);

  router.post(pathUnder(PREFIX, restRoutes.requestMarketBooking), guards.perCaller('bookingsPerUser'), async (ctx) => {
    const body = parseBody(ctx, restRoutes.requestMarketBooking.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.requestMarketBooking, { booking: await bookings.request(caller(ctx).uid, body) });
  });

  router.get(pathUnder(PREFIX, restRoutes.myMarketBookings), async (ctx) => {
    ctx.body = answer(restRoutes.myMarketBookings, await bookings.mine(caller(ctx).uid));
  });

  router.get(pathUnder(PREFIX, restRoutes.getMarketBooking), async (ctx) => {
    ctx.body = answer(restRoutes.getMarketBooking, {
      booking: await bookings.get(caller(ctx).uid, bookingId(ctx.params)),
    });
  });

  router.patch(pathUnder(PREFIX, restRoutes.actOnMarketBooking), async (ctx) => {
    const id = bookingId(ctx.params);
    const action = parseBody(ctx, restRoutes.actOnMarketBooking.body);
    ctx.body = answer(restRoutes.actOnMarketBooking, { booking: await bookings.act(caller(ctx).uid, id, action) });
  });

  // The booking's own room: the provider gets the host page's room, the requester joins it.
  router.post(pathUnder(PREFIX, restRoutes.openBookingRoom), async (ctx) => {
    ctx.body = answer(restRoutes.openBookingRoom, await bookingRooms.open(caller(ctx).uid, bookingId(ctx.params)));
  });

  // People the provider adds to a confirmed booking: they see it and join its room.
  router.post(
    pathUnder(PREFIX, restRoutes.addBookingParticipant),
    guards.perCaller('bookingParticipantsPerUser'),
    async (ctx) => {
      const id = bookingId(ctx.params);
      const { username } = parseBody(ctx, restRoutes.addBookingParticipant.body);
      ctx.body = answer(restRoutes.addBookingParticipant, {
        booking: await participants.add(caller(ctx).uid, id, username),
      });
    },
  );

  router.delete(pathUnder(PREFIX, restRoutes.removeBookingParticipant), async (ctx) => {
    const { id, uid } = parseParams(bookingParticipantParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.removeBookingParticipant, {
      booking: await participants.remove(caller(ctx).uid, Number(id), uid),
    });
  });

  return router;
}
