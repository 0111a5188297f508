import Router from '@koa/router';
import {
  listenCommentsParamsSchema,
  projectCommentParamsSchema,
  projectFileParamsSchema,
  restRoutes,
} from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { ProjectCommentService } from '../services/project-comments.js';
import { answer } from './contract.js';

/** Comments pinned to a moment of a version: members read and write, a listen link reads, strangers get 404. */
export function projectCommentRoutes(guards: Guards, comments: ProjectCommentService): Router<AuthState> {
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.get(restRoutes.fileComments.path, auth, async (ctx) => {
    const { projectId, fileId } = parseParams(projectFileParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.fileComments, { comments: await comments.list(caller(ctx).uid, projectId, fileId) });
  });

  router.post(restRoutes.createComment.path, auth, guards.perCaller('commentsPerUser'), async (ctx) => {
    const { projectId, fileId } = parseParams(projectFileParamsSchema, ctx.params);
    const body = parseBody(ctx, restRoutes.createComment.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.createComment, {
      comment: await comments.create(caller(ctx).uid, projectId, fileId, body),
    });
  });

  router.patch(restRoutes.editComment.path, auth, guards.perCaller('commentsPerUser'), async (ctx) => {
    const { projectId, commentId } = parseParams(projectCommentParamsSchema, ctx.params);
    const { body } = parseBody(ctx, restRoutes.editComment.body);
    ctx.body = answer(restRoutes.editComment, {
      comment: await comments.edit(caller(ctx).uid, projectId, commentId, body),
    });
  });

  router.put(restRoutes.resolveComment.path, auth, async (ctx) => {
    const { projectId, commentId } = parseParams(projectCommentParamsSchema, ctx.params);
    const { resolved } = parseBody(ctx, restRoutes.resolveComment.body);
    ctx.body = answer(restRoutes.resolveComment, {
      comment: await comments.resolve(caller(ctx).uid, projectId, commentId, resolved),
    });
  });

  router.delete(restRoutes.deleteComment.path, auth, async (ctx) => {
    const { projectId, commentId } = parseParams(projectCommentParamsSchema, ctx.params);
    await comments.delete(caller(ctx).uid, projectId, commentId);
    ctx.body = answer(restRoutes.deleteComment, { ok: true });
  });

  router.get(restRoutes.listenComments.path, async (ctx) => {
    const { token, fileId } = parseParams(listenCommentsParamsSchema, ctx.params);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = answer(restRoutes.listenComments, { comments: await comments.listForLink(token, fileId) });
  });
  return router;
}
