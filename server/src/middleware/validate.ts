import type { Context } from 'koa';
import { describeZodError, type ApiErrorCode } from '@riffroom/protocol';
import type { z } from 'zod';
import { badRequest } from '../errors.js';

function parse<S extends z.ZodType>(schema: S, input: unknown, code: ApiErrorCode): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(code, describeZodError(result.error));
  return result.data;
}

/** Parse at the edge: handlers receive typed data or the caller receives a 400 naming the field. */
export const parseBody = <S extends z.ZodType>(ctx: Context, schema: S) =>
  parse(schema, ctx.request.body ?? {}, 'validation/invalid-body');
export const parseQuery = <S extends z.ZodType>(ctx: Context, schema: S) =>
  parse(schema, ctx.query, 'validation/invalid-query');
export const parseParams = <S extends z.ZodType>(schema: S, params: unknown) =>
  parse(schema, params, 'validation/invalid-params');
