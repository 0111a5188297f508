import type { Context, Middleware } from 'koa';
import { unauthorized } from '../errors.js';
import type { IdentityVerifier, VerifiedIdentity } from '../identity/types.js';

export interface AuthState {
  identity?: VerifiedIdentity & { sessionId?: string };
  /** The caller's network address (middleware/client-address.ts), for per-address limits. */
  address?: string;
}

function bearerToken(ctx: Context): string | null {
  const header = ctx.get('authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Every protected route: the caller is whoever the verified bearer token says, nothing else. */
export function requireAuth(verifier: IdentityVerifier): Middleware<AuthState> {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized('auth/unauthenticated', 'Sign in required: send Authorization: Bearer <ID token>.');
    ctx.state.identity = await verifier.verifyIdToken(token);
    await next();
  };
}

/** For the few open routes that behave better when they know the caller (Explore leaves them out). */
export function optionalAuth(verifier: IdentityVerifier): Middleware<AuthState> {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (token) ctx.state.identity = await verifier.verifyIdToken(token);
    await next();
  };
}

/** The verified caller of a route behind requireAuth. */
export function caller(ctx: { state: AuthState }): VerifiedIdentity & { sessionId?: string } {
  const identity = ctx.state.identity;
  if (!identity) throw unauthorized('auth/unauthenticated', 'Sign in required.');
  return identity;
}
