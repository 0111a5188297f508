import Router from '@koa/router';
import {
  createRoomBodySchema,
  joinRoomBodySchema,
  roomIdParamsSchema,
  roomPeerBodySchema,
  roomSettingsPatchSchema,
} from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { RoomService } from '../services/rooms.js';
import { AppError } from '../errors.js';
import type { Middleware } from 'koa';

/**
 * Collaboration rooms at the paths of spec part 7. Only GET /api/rooms/{roomId} is open; a token, when
 * sent, lets a private room's invitees see it.
 */
export function roomRoutes(
  guards: Guards,
  rooms: RoomService,
  draining: () => boolean = () => false,
): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/rooms' });
  const { auth } = guards;
  // While the server drains for a restart, live rooms go on but none starts and nobody new joins.
  const notDraining: Middleware<AuthState> = async (_ctx, next) => {
    if (draining()) {
      throw new AppError(503, 'server/draining', 'This server is restarting. Please try again in a few minutes.');
    }
    await next();
  };

  router.post('/create', notDraining, auth, guards.perCaller('roomsPerUser'), async (ctx) => {
    const body = parseBody(ctx, createRoomBodySchema);
    ctx.status = 201;
    ctx.body = { room: await rooms.create(caller(ctx).uid, body) };
  });

  router.get('/:roomId', guards.optionalAuth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    ctx.body = { room: await rooms.view(roomId, ctx.state.identity?.uid ?? null) };
  });

  router.patch('/:roomId/peer', auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { peerId } = parseBody(ctx, roomPeerBodySchema);
    await rooms.setHostPeer(caller(ctx).uid, roomId, peerId);
    ctx.body = { ok: true };
  });

  router.patch('/:roomId/settings', auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const patch = parseBody(ctx, roomSettingsPatchSchema);
    ctx.body = { settings: await rooms.updateSettings(caller(ctx).uid, roomId, patch) };
  });

  router.post('/:roomId/join', notDraining, auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { role } = parseBody(ctx, joinRoomBodySchema);
    const { uid } = caller(ctx);
    const granted = await rooms.join(uid, roomId, role);
    ctx.body = { ok: true, role: granted, room: await rooms.view(roomId, uid) };
  });

  router.post('/:roomId/leave', auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.leave(caller(ctx).uid, roomId);
    ctx.body = { ok: true };
  });

  router.post('/:roomId/end', auth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.end(caller(ctx).uid, roomId);
    ctx.body = { ok: true };
  });

  return router;
}
