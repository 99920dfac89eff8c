import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; each has its own config for its environment.
export default defineConfig({
  test: {
    projects: ['shared/vitest.config.ts', 'server/vitest.config.ts', 'web/vite.config.ts'],
  },
});
