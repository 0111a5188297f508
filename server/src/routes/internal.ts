import Router from '@koa/router';
import {
  recordingIdParamsSchema,
  internalRemovedQuerySchema,
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
 * http-room-directory.ts): the same questions the single box answers in-process, and the room changes a media node makes (a host's grace period, its live settings, removals). Only
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
    const { graceId } = parseBody(ctx, restRoutes.internalExpireRoom.body);
    await rooms.expire(roomId, graceId);
    ctx.body = answer(restRoutes.internalExpireRoom, { ok: true });
  });

  router.put(pathUnder(PREFIX, restRoutes.internalHostGone), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { graceMs } = parseBody(ctx, restRoutes.internalHostGone.body);
    ctx.body = answer(restRoutes.internalHostGone, { grace: await rooms.hostGone(roomId, graceMs) });
  });

  router.delete(pathUnder(PREFIX, restRoutes.internalHostBack), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    await rooms.hostBack(roomId);
    ctx.body = answer(restRoutes.internalHostBack, { ok: true });
  });

  router.get(pathUnder(PREFIX, restRoutes.internalHostGraces), async (ctx) => {
    ctx.body = answer(restRoutes.internalHostGraces, { graces: await rooms.hostGraces() });
  });

  router.post(pathUnder(PREFIX, restRoutes.internalRemoveFromRoom), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { personKey } = parseBody(ctx, restRoutes.internalRemoveFromRoom.body);
    await rooms.removePerson(roomId, personKey);
    ctx.body = answer(restRoutes.internalRemoveFromRoom, { ok: true });
  });

  router.get(pathUnder(PREFIX, restRoutes.internalRoomRemoved), async (ctx) => {
    const { roomId } = parseParams(roomIdParamsSchema, ctx.params);
    const { personKey } = parseQuery(ctx, internalRemovedQuerySchema);
    ctx.body = answer(restRoutes.internalRoomRemoved, { removed: await rooms.isRemoved(roomId, personKey) });
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

  router.post(pathUnder(PREFIX, restRoutes.internalRecordingAllowance), async (ctx) => {
    const { hostUid, recordingId } = parseBody(ctx, restRoutes.internalRecordingAllowance.body);
    ctx.body = answer(restRoutes.internalRecordingAllowance, {
      allowanceBytes: await recordings.allowance(hostUid, recordingId),
    });
  });

  router.post(pathUnder(PREFIX, restRoutes.internalOrphanedRecordings), async (ctx) => {
    const { nodeId, everyNode } = parseBody(ctx, restRoutes.internalOrphanedRecordings.body);
    ctx.body = answer(restRoutes.internalOrphanedRecordings, {
      recordings: await recordings.orphaned(nodeId, everyNode),
    });
  });
  return router;
}
