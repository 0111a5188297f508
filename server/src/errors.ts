import type { ApiErrorCode } from '@riffroom/protocol';

/** An error a caller is meant to see: its status, code and message go into the response body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Sent as Retry-After (whole seconds): when a refused caller may try again. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ApiErrorCode, message: string) => new AppError(400, code, message);
export const unauthorized = (code: ApiErrorCode, message: string) => new AppError(401, code, message);
export const forbidden = (code: ApiErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ApiErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ApiErrorCode, message: string) => new AppError(409, code, message);

/** A flood limit refused the request (docs/security.md): 429 with Retry-After. */
export const rateLimited = (retryAfterMs: number, message = 'Too many requests. Please slow down and try again.') =>
  new AppError(429, 'rate/limited', message, retryAfterMs);
