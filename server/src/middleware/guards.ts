import type { Middleware } from 'koa';
import type { RateLimitName } from '../config/limits.js';
import type { IdentityVerifier } from '../identity/types.js';
import type { ApiLimits } from '../limits/api-limits.js';
import { caller, optionalAuth, requireAuth, type AuthState } from './authenticate.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the routes put in front of their handlers: who the caller is, and how often they may act. */
export interface Guards {
  /**
   * A verified caller. Their writes (POST/PUT/PATCH/DELETE) also take from the general per-user and
   * per-address write buckets, so every write route is limited without each route saying so.
   */
  auth: Middleware<AuthState>;
  /** For open routes that behave better when they know the caller. */
  optionalAuth: Middleware<AuthState>;
  /** A tighter limit on one action of the verified caller; goes after `auth`. */
  perCaller(name: RateLimitName): Middleware<AuthState>;
  /** A limit on one action from the caller's address (open routes: sign-up, login, the user list). */
  perAddress(name: RateLimitName): Middleware<AuthState>;
  limits: ApiLimits;
}

/** The caller's address, set by clientAddressOf at the top of the app. */
export function addressOf(ctx: { state: AuthState }): string {
  return ctx.state.address ?? 'unknown';
}

export function createGuards(verifier: IdentityVerifier, limits: ApiLimits): Guards {
  const authenticate = requireAuth(verifier);
  const auth: Middleware<AuthState> = (ctx, next) =>
    authenticate(ctx, async () => {
      if (WRITES.has(ctx.method)) {
        limits.take('writesPerAddress', addressOf(ctx));
        limits.take('writesPerUser', caller(ctx).uid);
      }
      await next();
    });
  return {
    auth,
    optionalAuth: optionalAuth(verifier),
    perCaller: (name) => async (ctx, next) => {
      limits.take(name, caller(ctx).uid);
      await next();
    },
    perAddress: (name) => async (ctx, next) => {
      limits.take(name, addressOf(ctx));
      await next();
    },
    limits,
  };
}
