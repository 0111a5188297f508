import type { Middleware } from 'koa';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';

interface HttpishError {
  status?: number;
  expose?: boolean;
  message?: string;
  type?: string;
}

/** Whole seconds, at least one: a client that retries after 0 s only meets the same refusal. */
const retryAfterSeconds = (ms: number) => String(Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / 1000)) : 3600);

/** The one place errors become responses: `{"error":{"code","message"}}`; 5xx details stay in the log. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: { code: 'http/not-found', message: `No route for ${ctx.method} ${ctx.path}` } };
      }
    } catch (error) {
      if (error instanceof AppError) {
        ctx.status = error.status;
        ctx.body = { error: { code: error.code, message: error.message } };
        if (error.retryAfterMs !== undefined) ctx.set('Retry-After', retryAfterSeconds(error.retryAfterMs));
        return;
      }
      const httpError = error as HttpishError;
      if (httpError.status && httpError.status < 500 && httpError.expose) {
        // Errors raised by Koa itself or the body parser (bad JSON, body too large).
        ctx.status = httpError.status;
        ctx.body = { error: { code: `http/${httpError.status}`, message: httpError.message ?? 'Bad request' } };
        return;
      }
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } };
    }
  };
}
