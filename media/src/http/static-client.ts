import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Serves the built client. Every path without a file gets index.html, because the client's
 * router owns those routes (/dashboard, /join-collaboration/abc...). Hashed assets cache for a year;
 * the build's precompressed copies go to browsers that accept them.
 */
export function staticClient(distDir: string): RequestHandler {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`client build not found at ${distDir}; run \`npm run setup\` to build it`);
  }
  const serve = sirv(distDir, {
    single: true,
    etag: true,
    // The client build writes .br and .gz beside each text file (client/vite.config.ts).
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      const immutable = pathname.startsWith('/assets/');
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });
  return (req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
}
