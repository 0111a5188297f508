import type { Middleware } from 'koa';

/**
 * Headers on every API response. The API answers JSON and one calendar file, never a page: nothing
 * it sends may be sniffed into HTML, framed, run as script or leak its URL (feed URLs are secrets)
 * through a Referer. The client's own page gets its policy from the static server
 * (media/src/http/static-client.ts).
 */
export function apiSecurityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  };
}
