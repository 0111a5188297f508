import { defineConfig } from 'vitest/config';

// `npm run test:docker` only: the container run of tests/docker/compose-room.docker.ts (its file
// name keeps it out of `npm test`'s e2e run, which takes tests/**/*.test.ts).
export default defineConfig({
  test: {
    name: 'docker',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/docker/**/*.docker.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 3_600_000,
  },
});
