import Router from '@koa/router';
import { restRoutes, roomIdParamsSchema } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { RoomService } from '../services/rooms.js';
import { AppError } from '../errors.js';
import type { Middleware } from 'koa';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/rooms';

/**
 * Collaboration rooms at the paths of spec part 7. Only GET /api/rooms/{roomId} is open; a token, when
 * sent, lets a private room's invitees see it.
 */
export function roomRoutes(
  guards: Guards,
  rooms: RoomService,
  draining: () => boolean = () => false,
): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  const { auth } = guards;
  // While the server drains for a restart, live rooms go on but none starts and nobody new joins.
  const notDraining: Middleware<AuthState> = async (_ctx, next) => {
    if (draining()) {
      throw new AppError(503, 'server/draining', 'This server is restarting. Please try again in a few minutes.');
    }
    await next();
  };

  router.post(
    pathUnder(PREFIX, restRoutes.createRoom),
    notDraining,
    auth,
    guards.perCaller('roomsPerUser'),
    async (ctx) => {
      const body = parseBody(ctx, restRoutes.createRoom.body);
      ctx.status = 201;
      ctx.body = answer(restRoutes.createRoom, { room: await rooms.create(caller(ctx).uid, body) });
    },
  );

  // Before /:roomId, whose pattern 'live' would not match anyway (two segments), kept first for clarity.
  router.get(pathUnder(PREFIX, restRoutes.myLiveRoom), auth, async (ctx) => {
    ctx.body = answer(restRoutes.myLiveRoom, { room: await rooms.liveHostedBy(caller(ctx).uid) });
  });

  router.get(pathUnder(PREFIX, restRoutes.getRoom), guards.optionalAuth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.getRoom, { room: await rooms.view(roomId, ctx.state.identity?.uid ?? null) });
  });

  router.patch(pathUnder(PREFIX, restRoutes.setRoomPeer), auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { peerId } = parseBody(ctx, restRoutes.setRoomPeer.body);
    await rooms.setHostPeer(caller(ctx).uid, roomId, peerId);
    ctx.body = answer(restRoutes.setRoomPeer, { ok: true });
  });

  router.patch(pathUnder(PREFIX, restRoutes.updateRoomSettings), auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const patch = parseBody(ctx, restRoutes.updateRoomSettings.body);
    ctx.body = answer(restRoutes.updateRoomSettings, {
      settings: await rooms.updateSettings(caller(ctx).uid, roomId, patch),
    });
  });

  router.post(pathUnder(PREFIX, restRoutes.joinRoom), notDraining, auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { role } = parseBody(ctx, restRoutes.joinRoom.body);
    const { uid } = caller(ctx);
    const granted = await rooms.join(uid, roomId, role);
    ctx.body = answer(restRoutes.joinRoom, { ok: true, role: granted, room: await rooms.view(roomId, uid) });
  });

  router.post(pathUnder(PREFIX, restRoutes.leaveRoom), auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.leave(caller(ctx).uid, roomId);
    ctx.body = answer(restRoutes.leaveRoom, { ok: true });
  });

  router.post(pathUnder(PREFIX, restRoutes.endRoom), auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.end(caller(ctx).uid, roomId);
    ctx.body = answer(restRoutes.endRoom, { ok: true });
  });

  return router;
}
