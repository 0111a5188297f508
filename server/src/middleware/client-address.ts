import { clientAddress } from '@riffroom/protocol';
import type { Middleware } from 'koa';
import type { AuthState } from './authenticate.js';

/**
 * Puts the caller's address in ctx.state.address, for every per-address limit: the socket's peer,
 * or the entry `trustedHops` from the right of X-Forwarded-For when that many proxies append to it.
 * Koa's own ctx.ip agrees (app.ts gives it the same hop count as maxIpsCount).
 */
export function clientAddressOf(trustedHops: number): Middleware<AuthState> {
  return async (ctx, next) => {
    ctx.state.address = clientAddress(ctx.req.socket.remoteAddress, ctx.req.headers['x-forwarded-for'], trustedHops);
    await next();
  };
}
