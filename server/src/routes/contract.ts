import type { RestRoute } from '@riffroom/protocol';
import type { z } from 'zod';

/**
 * The protocol's restRoutes hold every route's full path and answer; a router registers its
 * handlers through these two, so a path or an answer that drifts from the table does not compile.
 */

/** A route's path under its router's prefix. */
export function pathUnder(prefix: string, route: RestRoute): string {
  if (!route.path.startsWith(prefix)) throw new Error(`${route.path} is not under ${prefix}`);
  return route.path.slice(prefix.length);
}

/** What a handler may answer on a route: its response schema's input. */
export type RouteAnswer<R extends RestRoute> = R['response'] extends z.ZodType ? z.input<R['response']> : never;

/** The body a handler answers on `route`, type-checked against the route's response schema. */
export const answer = <R extends RestRoute>(_route: R, body: RouteAnswer<R>): RouteAnswer<R> => body;
