import Router from '@koa/router';
import { restRoutes, showcaseFileParamsSchema, showcaseParamsSchema } from '@riffroom/protocol';
import type { FilePaths } from '../files/file-paths.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { ShowcaseService } from '../services/showcase.js';
import { answer } from './contract.js';
import { sendFile } from './send-file.js';

/** A profile's showcase tracks: open like the user list; only showcased files are ever served here. */
export function showcaseRoutes(guards: Guards, showcase: ShowcaseService, paths: FilePaths): Router<AuthState> {
  const router = new Router<AuthState>();
  const open = guards.perAddress('userListPerAddress');

  router.get(restRoutes.showcase.path, open, async (ctx) => {
    const { uid } = parseParams(showcaseParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.showcase, { tracks: await showcase.list(uid) });
  });

  router.put(restRoutes.setShowcase.path, guards.auth, async (ctx) => {
    const { fileIds } = parseBody(ctx, restRoutes.setShowcase.body);
    ctx.body = answer(restRoutes.setShowcase, { tracks: await showcase.set(caller(ctx).uid, fileIds) });
  });

  for (const [route, part] of [
    [restRoutes.showcasePreview, 'preview'],
    [restRoutes.showcasePeaks, 'peaks'],
  ] as const) {
    router.get(route.path, async (ctx) => {
      const { uid, fileId } = parseParams(showcaseFileParamsSchema, ctx.params);
      const file = await showcase.file(uid, fileId);
      await sendFile(
        ctx,
        part === 'preview' ? paths.preview(file.projectId, fileId) : paths.peaks(file.projectId, fileId),
        // Not cached: taking a track off the profile makes it private again at once.
        { type: part === 'preview' ? 'audio/ogg' : 'application/json' },
      );
    });
  }
  return router;
}
