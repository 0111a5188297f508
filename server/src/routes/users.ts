import Router from '@koa/router';
import { restRoutes, byUidQuerySchema, uidParamsSchema, usersPageQuerySchema } from '@riffroom/protocol';
import { caller, type AuthState } from '../middleware/authenticate.js';
import type { Guards } from '../middleware/guards.js';
import { parseBody, parseParams, parseQuery } from '../middleware/validate.js';
import type { FollowService } from '../services/follows.js';
import type { ProfileService } from '../services/profiles.js';
import { answer } from './contract.js';

export interface UserRouteDeps {
  guards: Guards;
  profiles: ProfileService;
  follows: FollowService;
}

/** Profile, explore and following calls of spec part 7, at exactly the spec's paths. */
export function userRoutes({ guards, profiles, follows }: UserRouteDeps): Router<AuthState> {
  const router = new Router<AuthState>();
  const { auth } = guards;

  router.post(restRoutes.publicSaveProfile.path, auth, async (ctx) => {
    const body = parseBody(ctx, restRoutes.publicSaveProfile.body);
    ctx.body = answer(restRoutes.publicSaveProfile, { user: await profiles.saveSignupProfile(caller(ctx), body) });
  });

  router.post(restRoutes.saveProfile.path, auth, async (ctx) => {
    const body = parseBody(ctx, restRoutes.saveProfile.body);
    ctx.body = answer(restRoutes.saveProfile, { user: await profiles.saveProfile(caller(ctx), body) });
  });

  router.get(restRoutes.ownProfile.path, auth, async (ctx) => {
    ctx.body = answer(restRoutes.ownProfile, { user: await profiles.getOwn(caller(ctx).uid) });
  });

  router.get(restRoutes.profileByUid.path, auth, async (ctx) => {
    const { uid } = parseQuery(ctx, byUidQuerySchema);
    const me = caller(ctx).uid;
    const user = !uid || uid === me ? await profiles.getOwn(me) : await profiles.getPublic(uid);
    ctx.body = answer(restRoutes.profileByUid, { user });
  });

  // The table's path and the two aliases older clients call.
  for (const path of [restRoutes.myFollowing.path, '/user/my-following', '/api/my-following']) {
    router.get(path, auth, async (ctx) => {
      ctx.body = answer(restRoutes.myFollowing, { following: await follows.following(caller(ctx).uid) });
    });
  }

  // Open by the spec (a separate host without auth); a caller who does send a token is left out.
  // Open means anyone may walk it, so it comes in bounded pages and each address gets a page budget.
  router.get(restRoutes.listUsers.path, guards.perAddress('userListPerAddress'), guards.optionalAuth, async (ctx) => {
    const page = parseQuery(ctx, usersPageQuerySchema);
    ctx.body = answer(restRoutes.listUsers, await profiles.listUsers(page, ctx.state.identity?.uid));
  });

  router.post(restRoutes.follow.path, auth, async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    await follows.follow(caller(ctx).uid, uid);
    ctx.status = 204;
  });

  router.delete(restRoutes.unfollow.path, auth, async (ctx) => {
    const { uid } = parseParams(uidParamsSchema, ctx.params);
    await follows.unfollow(caller(ctx).uid, uid);
    ctx.status = 204;
  });

  return router;
}
