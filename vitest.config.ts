import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each has its own config for its environment.
export default defineConfig({
  test: {
    // Integration files each boot their own database: two at a time suits the 2-core machine.
    maxWorkers: 2,
    projects: ['shared/vitest.config.ts', 'server/vitest.config.ts', 'web/vite.config.ts'],
  },
});
