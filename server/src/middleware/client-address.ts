import { clientBudgetKey } from '@riffroom/protocol';
import type { Middleware } from 'koa';
import type { AuthState } from './authenticate.js';

/**
 * Puts the caller's budget key in ctx.state.address, for every per-address limit: the socket's peer,
 * or the entry `trustedHops` from the right of X-Forwarded-For when that many proxies append to it,
 * an IPv6 address counted by its /64 (clientBudgetKey). Koa's own ctx.ip is the same address
 * un-grouped (app.ts gives it the same hop count as maxIpsCount); limits never read it.
 */
export function clientAddressOf(trustedHops: number): Middleware<AuthState> {
  return async (ctx, next) => {
    ctx.state.address = clientBudgetKey(ctx.req.socket.remoteAddress, ctx.req.headers['x-forwarded-for'], trustedHops);
    await next();
  };
}
