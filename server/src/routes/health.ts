import Router from '@koa/router';
import type { HealthResponse, ReadinessResponse } from '@riffroom/protocol';
import type { Readiness } from '@riffroom/protocol/readiness';
import type { BuildInfo } from '../version.js';

/**
 * /healthz is liveness: 200 while the process serves at all, with the version and commit it runs.
 * /readyz is readiness: 200 only while the database, Redis (when configured) and a mediasoup
 * worker answer and the process is not draining; otherwise 503 naming what failed.
 */
export function healthRoutes(readiness: Readiness, build: BuildInfo): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { ok: true, version: build.version, commit: build.commit } satisfies HealthResponse;
  });
  router.get('/readyz', async (ctx) => {
    const report = await readiness.report();
    ctx.status = report.ok ? 200 : 503;
    ctx.body = report satisfies ReadinessResponse;
  });
  return router;
}
