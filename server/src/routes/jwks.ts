import Router from '@koa/router';
import { restRoutes, type JwksResponse } from '@riffroom/protocol';
import { answer } from './contract.js';

/**
 * GET /.well-known/jwks.json: the public halves of the keys the local identity signs ID tokens
 * with, so media nodes verify tokens without the database (ARCHITECTURE.md "Scaling out"). Open,
 * like any JWK set; cached briefly so a rotated key reaches the nodes within minutes anyway (they
 * also refetch at once on a `kid` they do not know).
 */
export function jwksRoutes(keys: () => JwksResponse['keys']): Router {
  const router = new Router();
  router.get(restRoutes.jwks.path, (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = answer(restRoutes.jwks, { keys: keys() });
  });
  return router;
}
