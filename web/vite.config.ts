import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// The API server the dev proxy talks to; API_URL lets a second checkout point elsewhere.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The face checks' model and wasm runtime, served from our own origin under /proctor-models/ (the
 * exam fetches nothing from elsewhere at run time): exactly these files, from the npm packages.
 */
const PROCTOR_MODEL_FILES = ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'];
const PROCTOR_WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

const require = createRequire(import.meta.url);
// Both packages' entry points live in their dist/ folder; the models sit beside it.
const humanDir = join(dirname(require.resolve('@vladmandic/human')), '..', 'models');
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
const versionOf = (dir: string) => (JSON.parse(readFileSync(join(dir, '..', 'package.json'), 'utf8')) as { version: string }).version;
/**
 * The folder is named after both packages' versions: the server lets browsers keep its files for
 * a year, so an upgrade must come under a new name rather than meet an old runtime in the cache.
 */
const PROCTOR_MODELS_DIR = `proctor-models/human-${versionOf(humanDir)}-tfjs-wasm-${versionOf(wasmDir)}`;

function proctorModels(): Plugin {
  const files = new Map<string, string>([
    ...PROCTOR_MODEL_FILES.map((f): [string, string] => [`${PROCTOR_MODELS_DIR}/${f}`, join(humanDir, f)]),
    ...PROCTOR_WASM_FILES.map((f): [string, string] => [`${PROCTOR_MODELS_DIR}/tfjs/${f}`, join(wasmDir, f)]),
  ]);
  const typeOf = (name: string) => (name.endsWith('.json') ? 'application/json' : name.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
  return {
    name: 'proctor-models',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').replace(/\?.*$/, '').replace(/^\//, '');
        const file = files.get(path);
        if (!file) return next();
        res.setHeader('Content-Type', typeOf(path));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of files) this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
    },
  };
}

export default defineConfig({
  plugins: [react(), proctorModels()],
  define: { __PROCTOR_MODELS__: JSON.stringify(`/${PROCTOR_MODELS_DIR}/`) },
  // The face worker is a module worker: its chunks load as ES modules.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than the app: separate chunks stay cached across deploys.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/, priority: 15 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
