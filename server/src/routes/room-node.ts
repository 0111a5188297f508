import Router from '@koa/router';
import { restRoutes, roomIdParamsSchema, type RoomRole } from '@riffroom/protocol';
import type { AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseParams } from '../middleware/validate.js';
import type { RoomService } from '../services/rooms.js';
import { AppError } from '../errors.js';
import { answer, pathUnder } from './contract.js';

/**
 * Places a member of a room on a media node (ARCHITECTURE.md "Scaling out"): the URL of the node,
 * or undefined when no node can take it. The api role hands in the node registry's placement; the
 * single box has none and answers its own origin.
 */
export type RoomPlacement = (roomId: string, role: RoomRole) => Promise<string | undefined>;

const PREFIX = '/api/rooms';

/**
 * GET /api/rooms/{roomId}/node: where the room screen connects its socket, SFU, relay and PeerJS.
 * Open like GET /api/rooms/{roomId} and with the same visibility (a private room answers its
 * invitees only); the host is placed on the room's origin. Asked again after the node is lost, it
 * re-places the caller on a live one.
 */
export function roomNodeRoutes(guards: Guards, rooms: RoomService, placement?: RoomPlacement): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  router.get(pathUnder(PREFIX, restRoutes.roomNode), guards.optionalAuth, async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const uid = ctx.state.identity?.uid ?? null;
    const room = await rooms.view(roomId, uid);
    if (!placement) {
      ctx.body = answer(restRoutes.roomNode, { url: null });
      return;
    }
    const role: RoomRole = uid !== null && uid === room.host.firebase_uid ? 'host' : 'viewer';
    const url = await placement(roomId, role);
    if (!url) throw new AppError(503, 'media/no-node', 'No media server is available. Please try again shortly.');
    // A node dies or fills up: the answer is for now, never for a cache.
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer(restRoutes.roomNode, { url });
  });
  return router;
}
