import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Context } from 'koa';
import { AppError, notFound } from '../errors.js';
import { parseByteRange } from './byte-range.js';

/**
 * A `Content-Disposition` for a name a person chose: an ASCII fallback with anything unusual
 * replaced, and the exact name in RFC 5987 form, so no quote or line break can break the header.
 */
export function attachmentOf(name: string): string {
  const fallback = name.replace(/[^A-Za-z0-9._ -]/g, '_').slice(0, 150) || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a stored file, answering a Range request with 206 so a player seeks without fetching
 * what lies before. Never sniffed (nosniff), never cached outside the caller's own browser.
 */
export async function sendFile(
  ctx: Context,
  file: string,
  options: { type: string; disposition?: string; cacheable?: boolean },
): Promise<void> {
  const size = await stat(file).then(
    (info) => info.size,
    () => {
      throw notFound('file/not-found', 'No such file.');
    },
  );
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Cache-Control', options.cacheable ? 'private, max-age=3600' : 'private, no-store');
  if (options.disposition) ctx.set('Content-Disposition', options.disposition);
  ctx.type = options.type;
  const range = parseByteRange(ctx.get('range') || undefined, size);
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${size}`);
    throw new AppError(416, 'file/range-not-satisfiable', 'That byte range is outside the file.');
  }
  if (range === 'whole') {
    ctx.length = size;
    ctx.body = createReadStream(file);
    return;
  }
  ctx.status = 206;
  ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  ctx.length = range.end - range.start + 1;
  ctx.body = createReadStream(file, { start: range.start, end: range.end });
}
