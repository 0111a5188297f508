import Router from '@koa/router';
import {
  recordingIdParamsSchema,
  restRoutes,
  roomIdParamsSchema,
  uidParamsSchema,
  uidSchema,
} from '@riffroom/protocol';
import { z } from 'zod';
import { requireInternalSecret } from '../middleware/internal-secret.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { RecordingService } from '../services/recordings.js';
import type { RoomService } from '../services/rooms.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/internal';

const admitsQuerySchema = z.object({ uid: uidSchema.optional() });

/**
 * The room directory a media node asks when it runs apart from the API (media's
 * http-room-directory.ts): the same questions the single box answers in-process, and the two room changes a media node makes (a host's grace period ending, its live settings). Only
 * registered when INTERNAL_SECRET is set, and only for callers that send it.
 */
export function internalRoutes(secret: string, rooms: RoomService, recordings: RecordingService): Router {
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

  router.post(pathUnder(PREFIX, restRoutes.internalExpireRoom), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.expire(roomId);
    ctx.body = answer(restRoutes.internalExpireRoom, { ok: true });
  });

  router.put(pathUnder(PREFIX, restRoutes.internalSaveRoomSettings), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.saveSettings(roomId, parseBody(ctx, restRoutes.internalSaveRoomSettings.body));
    ctx.body = answer(restRoutes.internalSaveRoomSettings, { ok: true });
  });

  // A media node's recordings: it writes the files (DATA_DIR/recordings, shared with the API), the API lists them.
  router.post(pathUnder(PREFIX, restRoutes.internalRecordingStarted), async (ctx) => {
    await recordings.started(parseBody(ctx, restRoutes.internalRecordingStarted.body));
    ctx.body = answer(restRoutes.internalRecordingStarted, { ok: true });
  });

  router.put(pathUnder(PREFIX, restRoutes.internalRecordingUpdate), async (ctx) => {
    const { recordingId } = parseParams(recordingIdParamsSchema, ctx.params);
    await recordings.updated(recordingId, parseBody(ctx, restRoutes.internalRecordingUpdate.body));
    ctx.body = answer(restRoutes.internalRecordingUpdate, { ok: true });
  });
  return router;
}
