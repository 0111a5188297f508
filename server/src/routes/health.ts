import Router from '@koa/router';

/** 200 only once everything the process serves is ready; 503 until then (load balancers poll it). */
export function healthRoutes(isReady: () => boolean): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    const ready = isReady();
    ctx.status = ready ? 200 : 503;
    ctx.body = { ok: ready };
  });
  return router;
}
