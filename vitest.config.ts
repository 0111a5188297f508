import { defineConfig } from 'vitest/config';

// Unit and integration tests, next to the code they test. End-to-end tests have their own config.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'protocol/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'media/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The client's build configuration, checked against its output in client/dist.
            'client/build/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'client/vitest.config.ts',
    ],
  },
});
