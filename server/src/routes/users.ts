import Router from '@koa/router';
import {
  byUidQuerySchema,
  publicSaveProfileBodySchema,
  saveProfileBodySchema,
  uidParamsSchema,
  usersPageQuerySchema,
} from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { FollowService } from '../services/follows.js';
import type { ProfileService } from '../services/profiles.js';

export interface UserRouteDeps {
  guards: Guards;
  profiles: ProfileService;
  follows: FollowService;
}

/** Profile, explore and following calls of spec part 7, at exactly the spec's paths. */
export function userRoutes({ guards, profiles, follows }: UserRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.post('/api/user/public-save-profile', auth, async (ctx) => {
    const body = parseBody(ctx, publicSaveProfileBodySchema);
    ctx.body = { user: await profiles.saveSignupProfile(caller(ctx), body) };
  });

  router.post('/api/user/save-profile', auth, async (ctx) => {
    const body = parseBody(ctx, saveProfileBodySchema);
    ctx.body = { user: await profiles.saveProfile(caller(ctx), body) };
  });

  router.get('/api/user/profile', auth, async (ctx) => {
    ctx.body = { user: await profiles.getOwn(caller(ctx).uid) };
  });

  router.get('/api/user/by-uid', auth, async (ctx) => {
    const { uid } = parseQuery(ctx, byUidQuerySchema);
    const me = caller(ctx).uid;
    ctx.body = { user: !uid || uid === me ? await profiles.getOwn(me) : await profiles.getPublic(uid) };
  });

  for (const path of ['/api/user/my-following', '/user/my-following', '/api/my-following']) {
    router.get(path, auth, async (ctx) => {
      ctx.body = { following: await follows.following(caller(ctx).uid) };
    });
  }

  // Open by the spec (a separate host without auth); a caller who does send a token is left out.
  // Open means anyone may walk it, so it comes in bounded pages and each address gets a page budget.
  router.get('/user/users', guards.perAddress('userListPerAddress'), guards.optionalAuth, async (ctx) => {
    const page = parseQuery(ctx, usersPageQuerySchema);
    ctx.body = await profiles.listUsers(page, ctx.state.identity?.uid);
  });

  router.post('/api/user/follow/:uid', auth, async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    await follows.follow(caller(ctx).uid, uid);
    ctx.status = 204;
  });

  router.delete('/api/user/follow/:uid', auth, async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    await follows.unfollow(caller(ctx).uid, uid);
    ctx.status = 204;
  });

  return router;
}
