import { createReadStream } from 'node:fs';
import Router from '@koa/router';
import { recordingIdParamsSchema, recordingTrackParamsSchema, restRoutes } from '@riffroom/protocol';
import { ZipFile } from 'yazl';
import { AppError } from '../errors.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { RecordingService } from '../services/recordings.js';
import { parseByteRange } from './byte-range.js';
import { answer, pathUnder } from './contract.js';

// '/api', not '/api/recordings': the list's own path would be empty under that prefix, which the router cannot match.
const PREFIX = '/api';

const contentTypeOf = (file: string) => (file.endsWith('.webm') ? 'video/webm' : 'audio/ogg');

/**
 * Recordings (issue 17): the caller's own and those shared with them. Downloads are authorized like
 * everything else (Bearer token) and a track answers Range requests, so a player can seek.
 */
export function recordingRoutes(guards: Guards, recordings: RecordingService): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });
  const { auth } = guards;

  router.get(pathUnder(PREFIX, restRoutes.myRecordings), auth, async (ctx) => {
    ctx.body = answer(restRoutes.myRecordings, { recordings: await recordings.list(caller(ctx).uid) });
  });

  router.put(pathUnder(PREFIX, restRoutes.shareRecording), auth, async (ctx) => {
    const { recordingId } = parseParams(recordingIdParamsSchema, ctx.params);
    const { uids } = parseBody(ctx, restRoutes.shareRecording.body);
    ctx.body = answer(restRoutes.shareRecording, {
      recording: await recordings.share(caller(ctx).uid, recordingId, uids),
    });
  });

  router.get(pathUnder(PREFIX, restRoutes.recordingTrack), auth, async (ctx) => {
    const { recordingId, file } = parseParams(recordingTrackParamsSchema, ctx.params);
    const track = await recordings.trackFile(caller(ctx).uid, recordingId, file);
    ctx.set('Accept-Ranges', 'bytes');
    ctx.set('Content-Disposition', `attachment; filename="${recordingId}-${track.track.file}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = contentTypeOf(track.track.file);
    const range = parseByteRange(ctx.get('range') || undefined, track.size);
    if (range === 'unsatisfiable') {
      ctx.set('Content-Range', `bytes */${track.size}`);
      throw new AppError(416, 'recording/range-not-satisfiable', 'That byte range is outside the file.');
    }
    if (range === 'whole') {
      ctx.length = track.size;
      ctx.body = createReadStream(track.file);
      return;
    }
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${track.size}`);
    ctx.length = range.end - range.start + 1;
    ctx.body = createReadStream(track.file, { start: range.start, end: range.end });
  });

  router.get(pathUnder(PREFIX, restRoutes.recordingZip), auth, async (ctx) => {
    const { recordingId } = parseParams(recordingIdParamsSchema, ctx.params);
    const { record, files } = await recordings.trackFiles(caller(ctx).uid, recordingId);
    // Stored, not deflated: Opus and VP8 do not compress, and storing streams at disk speed.
    const zip = new ZipFile();
    const folder = `recording-${record.startedAt.slice(0, 19).replace(/[:T]/g, '-')}`;
    for (const { file, track } of files) zip.addFile(file, `${folder}/${track.file}`, { compress: false });
    zip.end();
    ctx.type = 'application/zip';
    ctx.set('Content-Disposition', `attachment; filename="${folder}.zip"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = zip.outputStream;
  });

  router.delete(pathUnder(PREFIX, restRoutes.deleteRecording), auth, async (ctx) => {
    const { recordingId } = parseParams(recordingIdParamsSchema, ctx.params);
    await recordings.delete(caller(ctx).uid, recordingId);
    ctx.body = answer(restRoutes.deleteRecording, { ok: true });
  });
  return router;
}
