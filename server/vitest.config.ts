import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each integration file boots its own database; keep the 2-core machine from thrashing.
    maxWorkers: 2,
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
