import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const clientRoot = fileURLToPath(new URL('.', import.meta.url));

// During `vite` development the API and the media node run on the single-box port; the browser
// talks to one origin either way, so the client never needs to know where the backend lives.
const BACKEND = 'http://127.0.0.1:8080';
const proxied = ['/api', '/user', '/sessions', '/events', '/calendar/feed', '/healthz'];

export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, { target: BACKEND, changeOrigin: false }])),
      '/socket.io': { target: BACKEND, ws: true },
      '/peerjs': { target: BACKEND, ws: true },
    },
  },
});
