import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { CSS_TARGETS, legacyBrowsers } from './build/legacyBrowsers';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));

// During `vite` development the API and the media node run on the single-box port; the browser
// talks to one origin either way, so the client never needs to know where the backend lives.
const BACKEND = 'http://127.0.0.1:8080';
const proxied = ['/api', '/user', '/sessions', '/events', '/calendar/feed', '/healthz', '/readyz'];

/**
 * Writes a .br and a .gz beside each text file of the build, once, at build time: the media node's
 * sirv serves them to browsers that accept them (media/src/http/static-client.ts), so nothing is
 * compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'riffroom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
        const full = path.join(outDir, file);
        const bytes = readFileSync(full);
        if (bytes.byteLength < 1024) continue;
        writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root: clientRoot,
  plugins: [react(), ...legacyBrowsers(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    cssTarget: CSS_TARGETS,
    // One stylesheet, linked from the page: the legacy build would otherwise inject each lazy
    // chunk's CSS as a <style> element, which the page's policy (style-src 'self') refuses.
    cssCodeSplit: false,
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, { target: BACKEND, changeOrigin: false }])),
      '/socket.io': { target: BACKEND, ws: true },
      '/peerjs': { target: BACKEND, ws: true },
    },
  },
});
