import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { pagePolicy, type PagePolicyOptions } from './content-security-policy.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Serves the built client. Every path without a file gets index.html, because the client's
 * router owns those routes (/dashboard, /join-collaboration/abc...). Hashed assets cache for a year;
 * the build's precompressed copies go to browsers that accept them.
 */
export function staticClient(distDir: string, options: PagePolicyOptions = {}): RequestHandler {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`client build not found at ${distDir}; run \`npm run setup\` to build it`);
  }
  // From the build being served, at start: the inline script's hash always matches its bytes.
  const policyFor = pagePolicy(readFileSync(indexFile, 'utf8'), options);
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
      res.setHeader('Referrer-Policy', 'no-referrer');
    },
  });
  return (req, res) => {
    // On every answer, not only index.html's: browsers apply it to documents and ignore it elsewhere,
    // and any path may come back as index.html (the client's routes).
    res.setHeader('Content-Security-Policy', policyFor(req.headers.host));
    res.setHeader('X-Frame-Options', 'DENY');
    serve(req, res, () => {
      res.statusCode = 404;
      res.end();
    });
  };
}
