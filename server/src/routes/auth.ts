import Router from '@koa/router';
import { restRoutes, type AuthErrorCode, type IdentityConfig } from '@riffroom/protocol';
import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest } from '../errors.js';
import type { LocalIdentity } from '../identity/local/local-identity.js';
import { parseRefreshToken } from '../identity/local/refresh-token.js';
import { caller, type AuthState } from '../middleware/authenticate.js';
import { addressOf, type Guards } from '../middleware/guards.js';
import { answer, pathUnder } from './contract.js';

const PREFIX = '/api/auth';

/** Which Firebase-style code a failed field earns, so the login screen shows the spec's message. */
const FIELD_CODES: Record<string, AuthErrorCode> = {
  email: 'auth/invalid-email',
  password: 'auth/weak-password',
};

function parseAuthBody<S extends z.ZodType>(ctx: Context, schema: S, passwordCode: AuthErrorCode): z.infer<S> {
  const result = schema.safeParse(ctx.request.body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const code = field === 'password' ? passwordCode : (FIELD_CODES[field] ?? 'auth/invalid-argument');
  const message = field === 'email' ? 'The email address is badly formatted.' : `${field}: ${issue.message}`;
  throw badRequest(code, message);
}

export function identityConfigRoutes(config: IdentityConfig): Router {
  const router = new Router();
  router.get(restRoutes.authConfig.path, (ctx) => {
    ctx.body = answer(restRoutes.authConfig, config);
  });
  return router;
}

/** The local identity provider's HTTP contract (Firebase-style codes). Mounted only in local mode. */
export function localAuthRoutes(identity: LocalIdentity, guards: Guards): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: PREFIX });

  router.post(pathUnder(PREFIX, restRoutes.signUp), guards.perAddress('signupPerAddress'), async (ctx) => {
    const body = parseAuthBody(ctx, restRoutes.signUp.body, 'auth/weak-password');
    ctx.status = 201;
    ctx.body = answer(restRoutes.signUp, await identity.signUp(body));
  });

  router.post(pathUnder(PREFIX, restRoutes.logIn), guards.perAddress('loginPerAddress'), async (ctx) => {
    const body = parseAuthBody(ctx, restRoutes.logIn.body, 'auth/wrong-password');
    ctx.body = answer(restRoutes.logIn, await identity.signIn(body, addressOf(ctx)));
  });

  router.post(pathUnder(PREFIX, restRoutes.refresh), guards.perAddress('refreshPerAddress'), async (ctx) => {
    const body = parseAuthBody(ctx, restRoutes.refresh.body, 'auth/invalid-argument');
    const session = parseRefreshToken(body.refreshToken);
    if (session) guards.limits.take('refreshPerSession', session.sessionId);
    ctx.body = answer(restRoutes.refresh, await identity.refresh(body.refreshToken));
  });

  router.post(pathUnder(PREFIX, restRoutes.logOut), guards.auth, async (ctx) => {
    const body = parseAuthBody(ctx, restRoutes.logOut.body, 'auth/invalid-argument');
    await identity.signOut(caller(ctx), body.refreshToken);
    ctx.status = 204;
  });

  router.patch(pathUnder(PREFIX, restRoutes.updateMe), guards.auth, async (ctx) => {
    const body = parseAuthBody(ctx, restRoutes.updateMe.body, 'auth/invalid-argument');
    ctx.body = answer(restRoutes.updateMe, { user: await identity.setDisplayName(caller(ctx).uid, body.displayName) });
  });

  return router;
}
