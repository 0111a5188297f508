import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClient } from './static-client.js';

const script = 'console.log("riffroom");\n'.repeat(200);
const bootstrap = '\n      (function () { window.early = 1; })();\n    ';
const page = `<!doctype html><title>Riffroom</title><script>${bootstrap}</script><script type="module" src="/assets/index-abc.js"></script>`;
let dist: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'riffroom-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), gzipSync(script));
  server = http.createServer(staticClient(dist));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dist, { recursive: true, force: true });
});

/** Raw bytes and headers, without fetch's transparent decompression. */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(
      `${base}${pathname}`,
      { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
  });
}

describe('staticClient', () => {
  it("serves the build's brotli copy to a browser that accepts it, with the year-long cache", async () => {
    const res = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('serves gzip where brotli is not accepted, and the plain file where nothing is', async () => {
    const gzipped = await get('/assets/index-abc.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);
    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("answers the client router's paths with index.html, never cached", async () => {
    const res = await get('/join-collaboration/abc123');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<title>Riffroom</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict Content-Security-Policy naming the inline bootstrap script by its sha256', async () => {
    const res = await get('/dashboard');
    const policy = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(bootstrap).digest('base64');
    const directives = Object.fromEntries(
      policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
    );
    expect(directives['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(directives['connect-src']).toEqual(["'self'", `ws://${base.slice(7)}`, `wss://${base.slice(7)}`]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});
