import { defineConfig } from 'vitest/config';

// End-to-end and cross-process tests: each file starts the real single-box process and Chromium,
// so files run one after another on these 2-core machines.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
