import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { name: 'shared', environment: 'node', include: ['src/**/*.test.ts'] } });
