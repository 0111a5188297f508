import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * The API's Prometheus collectors, registered on the registry its host process serves (the single
 * box serves one registry for the API and the media node; docs/operations.md).
 */
export interface ApiMetrics {
  /** Koa middleware timing every request by method, route pattern and status. */
  httpTimer: Middleware;
  /** Counts one refusal by a flood limit (config/limits.ts). */
  rateLimitRefused(limit: string): void;
  /** Times every knex query of this database from now on; returns the function that stops it. */
  watchQueries(db: Knex): () => void;
}

/** Request latencies worth telling apart: the API answers most requests in a few milliseconds. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const QUERY_BUCKETS = [0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1];

export function createApiMetrics(registry: Registry): ApiMetrics {
  const registers = [registry];
  const httpDuration = new Histogram({
    name: 'riffroom_http_request_duration_seconds',
    help: 'API request duration by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const queryDuration = new Histogram({
    name: 'riffroom_db_query_duration_seconds',
    help: 'Database query time, from knex handing the query to the driver to its answer.',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: 'riffroom_api_rate_limit_refusals_total',
    help: 'API requests refused by a flood limit (429), by limit name.',
    labelNames: ['limit'] as const,
    registers,
  });

  return {
    httpTimer: async (ctx, next) => {
      const stop = httpDuration.startTimer();
      try {
        await next();
      } finally {
        // The route pattern, never the raw URL: ids and the calendar feed's secret stay out of labels.
        const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
        stop({ method: ctx.method, route: typeof route === 'string' ? route : 'unmatched', status: ctx.status });
      }
    },
    rateLimitRefused: (limit) => refusals.inc({ limit }),
    watchQueries(db) {
      const started = new Map<string, ReturnType<typeof queryDuration.startTimer>>();
      const onQuery = (query: { __knexQueryUid?: string }) => {
        if (query.__knexQueryUid) started.set(query.__knexQueryUid, queryDuration.startTimer());
      };
      const finish = (outcome: 'ok' | 'error') => (_result: unknown, query: { __knexQueryUid?: string }) => {
        const uid = query.__knexQueryUid;
        if (!uid) return;
        started.get(uid)?.({ outcome });
        started.delete(uid);
      };
      const onResponse = finish('ok');
      const onError = finish('error');
      db.on('query', onQuery).on('query-response', onResponse).on('query-error', onError);
      return () => {
        db.off('query', onQuery).off('query-response', onResponse).off('query-error', onError);
        started.clear();
      };
    },
  };
}
