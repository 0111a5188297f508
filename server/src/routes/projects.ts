import Router from '@koa/router';
import {
  projectFileParamsSchema,
  projectMemberParamsSchema,
  projectParamsSchema,
  restRoutes,
} from '@riffroom/protocol';
import { notFound } from '../errors.js';
import type { FilePaths } from '../files/file-paths.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams } from '../middleware/validate.js';
import type { ProjectService } from '../services/projects.js';
import { answer } from './contract.js';
import { attachmentOf, sendFile } from './send-file.js';

/** Projects (issue 36): members see and change them; a stranger gets 404 for all of it. */
export function projectRoutes(guards: Guards, projects: ProjectService, paths: FilePaths): Router<AuthState> {
  // The list and creation live at /api/projects itself, which a prefixed router cannot match: full paths here.
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.get(restRoutes.myProjects.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.myProjects, { projects: await projects.list(caller(ctx).uid) });
  });

  router.post(restRoutes.createProject.path, auth, async (ctx) => {
    const { name } = parseBody(ctx, restRoutes.createProject.body);
    ctx.status = 201;
    ctx.body = answer(restRoutes.createProject, { project: await projects.create(caller(ctx).uid, name) });
  });

  router.get(restRoutes.myStorage.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.myStorage, await projects.storage(caller(ctx).uid));
  });

  router.get(restRoutes.getProject.path, auth, async (ctx) => {
    const { projectId } = parseParams(projectParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.getProject, { project: await projects.view(caller(ctx).uid, projectId) });
  });

  router.delete(restRoutes.deleteProject.path, auth, async (ctx) => {
    const { projectId } = parseParams(projectParamsSchema, ctx.params);
    await projects.delete(caller(ctx).uid, projectId);
    ctx.body = answer(restRoutes.deleteProject, { ok: true });
  });

  router.post(restRoutes.inviteProjectMember.path, auth, async (ctx) => {
    const { projectId } = parseParams(projectParamsSchema, ctx.params);
    const { uid } = parseBody(ctx, restRoutes.inviteProjectMember.body);
    ctx.body = answer(restRoutes.inviteProjectMember, {
      project: await projects.invite(caller(ctx).uid, projectId, uid),
    });
  });

  router.delete(restRoutes.removeProjectMember.path, auth, async (ctx) => {
    const { projectId, uid } = parseParams(projectMemberParamsSchema, ctx.params);
    const project = await projects.removeMember(caller(ctx).uid, projectId, uid);
    // A member who left no longer sees the project: 404 from now on, like any stranger.
    if (!project) throw notFound('project/not-found', 'You left this project.');
    ctx.body = answer(restRoutes.removeProjectMember, { project });
  });

  router.get(restRoutes.projectFileOriginal.path, auth, async (ctx) => {
    const { projectId, fileId } = parseParams(projectFileParamsSchema, ctx.params);
    const file = await projects.file(caller(ctx).uid, projectId, fileId);
    await sendFile(ctx, paths.original(projectId, fileId), {
      type: 'application/octet-stream',
      disposition: attachmentOf(file.name),
    });
  });

  router.get(restRoutes.projectFilePreview.path, auth, async (ctx) => {
    const { projectId, fileId } = parseParams(projectFileParamsSchema, ctx.params);
    const file = await projects.file(caller(ctx).uid, projectId, fileId);
    if (file.state !== 'ready') throw notFound('file/not-ready', 'The preview is not ready yet.');
    await sendFile(ctx, paths.preview(projectId, fileId), { type: 'audio/ogg', cacheable: true });
  });

  router.get(restRoutes.projectFilePeaks.path, auth, async (ctx) => {
    const { projectId, fileId } = parseParams(projectFileParamsSchema, ctx.params);
    const file = await projects.file(caller(ctx).uid, projectId, fileId);
    if (file.state !== 'ready') throw notFound('file/not-ready', 'The waveform is not ready yet.');
    await sendFile(ctx, paths.peaks(projectId, fileId), { type: 'application/json', cacheable: true });
  });

  router.delete(restRoutes.deleteProjectFile.path, auth, async (ctx) => {
    const { projectId, fileId } = parseParams(projectFileParamsSchema, ctx.params);
    ctx.body = answer(restRoutes.deleteProjectFile, {
      project: await projects.deleteFile(caller(ctx).uid, projectId, fileId),
    });
  });
  return router;
}
