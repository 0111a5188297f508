import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { root: '/work/main', include: ['server/src/**/*.test.ts','media/src/**/*.test.ts','protocol/src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 } });
