import { configDefaults, defineConfig } from 'vitest/config';
import { FULL_ONLY_FILES, FULL_RUN } from './full-only.js';

// End-to-end and cross-process tests: each file starts the real single-box process and Chromium,
// so files run one after another on these 2-core machines. `npm test` leaves out the heavy files
// of full-only.ts; `npm run test:full` runs them all.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(FULL_RUN ? [] : FULL_ONLY_FILES)],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
