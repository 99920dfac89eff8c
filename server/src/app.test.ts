import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exam-web-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ExamPortal</title>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  mkdirSync(path.join(dist, 'proctor-models', 'human-1-tfjs-wasm-1', 'tfjs'), { recursive: true });
  writeFileSync(path.join(dist, 'proctor-models', 'human-1-tfjs-wasm-1', 'tfjs', 'runtime.wasm'), 'wasm');
  server = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(40) }), { inMemory: true, webDist: dist });
});
afterAll(() => server?.close());

describe('serving the web app', () => {
  it('answers client-side routes with the app and files with themselves, on one port with the API', async () => {
    const page = await fetch(`${server.url}/exam/123/proctor`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('ExamPortal');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await (await fetch(`${server.url}/assets/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('lets browsers keep the face checks’ versioned model files for a year, and lets them compile WebAssembly', async () => {
    const model = await fetch(`${server.url}/proctor-models/human-1-tfjs-wasm-1/tfjs/runtime.wasm`);
    expect(model.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const app = await fetch(`${server.url}/assets/app.js`);
    expect(app.headers.get('cache-control')).not.toContain('immutable');
    expect(app.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('keeps a missing file a 404 instead of sending the app', async () => {
    expect((await fetch(`${server.url}/assets/gone-1234.js`)).status).toBe(404);
  });
});
