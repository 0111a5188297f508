import Router from '@koa/router';
import { restRoutes, roomIdParamsSchema, uidParamsSchema, uidSchema } from '@riffroom/protocol';
import { z } from 'zod';
import { requireInternalSecret } from '../middleware/internal-secret.js';
import { parseParams, parseQuery } from '../middleware/validate.js';
import type { RoomService } from '../services/rooms.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/internal';

const admitsQuerySchema = z.object({ uid: uidSchema.optional() });

/**
 * The room directory a media node asks when it runs apart from the API (media's
 * http-room-directory.ts): the same three questions the single box answers in-process. Only
 * registered when INTERNAL_SECRET is set, and only for callers that send it.
 */
export function internalRoutes(secret: string, rooms: RoomService): Router {
  const router = new Router({ prefix: PREFIX });
  router.use(requireInternalSecret(secret));

  router.get(pathUnder(PREFIX, restRoutes.internalRoom), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.internalRoom, { room: await rooms.liveView(roomId) });
  });

  router.get(pathUnder(PREFIX, restRoutes.internalRoomAdmits), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { uid } = parseQuery(ctx, admitsQuerySchema);
    ctx.body = answer(restRoutes.internalRoomAdmits, { admits: await rooms.admits(roomId, uid ?? null) });
  });

  router.get(pathUnder(PREFIX, restRoutes.internalUserName), async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.internalUserName, { name: await rooms.memberName(uid) });
  });
  return router;
}
