import Router from '@koa/router';
import { projectParamsSchema, restRoutes } from '@riffroom/protocol';
import type { RecordingIntoProject } from '../files/recording-into-project.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import { answer } from './contract.js';

/** A recording's track into a project (issue 36): for who may download it and is in the project. */
export function recordingIntoProjectRoutes(guards: Guards, into: RecordingIntoProject): Router<AuthState> {
  const router = new Router<AuthState>();
  router.post(restRoutes.addRecordingToProject.path, guards.auth, async (ctx) => {
    const { projectId } = parseParams(projectParamsSchema, ctx.params);
    const take = parseBody(ctx, restRoutes.addRecordingToProject.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.addRecordingToProject, { file: await into.add(caller(ctx).uid, projectId, take) });
  });
  return router;
}
