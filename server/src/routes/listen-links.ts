import Router from '@koa/router';
import {
  listenFileParamsSchema,
  listenLinkParamsSchema,
  listenParamsSchema,
  projectParamsSchema,
  restRoutes,
} from '@riffroom/protocol';
import { notFound } from '../errors.js';
import type { FilePaths } from '../files/file-paths.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { ListenLinkService } from '../services/listen-links.js';
import { answer } from './contract.js';
import { sendFile } from './send-file.js';

/** The owner's listen links, and what a link opens without an account (previews and waveforms only). */
export function listenLinkRoutes(guards: Guards, links: ListenLinkService, paths: FilePaths): Router<AuthState> {
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.get(restRoutes.listenLinks.path, auth, async (ctx) => {
    const { projectId } = parseParams(projectParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.listenLinks, { links: await links.list(caller(ctx).uid, projectId) });
  });

  router.post(restRoutes.createListenLink.path, auth, async (ctx) => {
    const { projectId } = parseParams(projectParamsSchema, ctx.params);
    const body = parseBody(ctx, restRoutes.createListenLink.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.createListenLink, await links.create(caller(ctx).uid, projectId, body));
  });

  router.delete(restRoutes.revokeListenLink.path, auth, async (ctx) => {
    const { projectId, linkId } = parseParams(listenLinkParamsSchema, ctx.params);
    await links.revoke(caller(ctx).uid, projectId, linkId);
    ctx.body = answer(restRoutes.revokeListenLink, { ok: true });
  });

  router.get(restRoutes.listenProject.path, async (ctx) => {
    const { token } = parseParams(listenParamsSchema, ctx.params);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = answer(restRoutes.listenProject, { project: await links.project(token) });
  });

  for (const [route, part] of [
    [restRoutes.listenPreview, 'preview'],
    [restRoutes.listenPeaks, 'peaks'],
  ] as const) {
    router.get(route.path, async (ctx) => {
      const { token, fileId } = parseParams(listenFileParamsSchema, ctx.params);
      const file = await links.file(token, fileId);
      if (file.state !== 'ready') throw notFound('file/not-ready', 'This file is still being prepared.');
      await sendFile(
        ctx,
        part === 'preview' ? paths.preview(file.projectId, fileId) : paths.peaks(file.projectId, fileId),
        // Never cached: a revoked or expired link stops playing at once.
        { type: part === 'preview' ? 'audio/ogg' : 'application/json' },
      );
    });
  }
  return router;
}
