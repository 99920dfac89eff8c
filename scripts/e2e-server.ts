import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildWebIfNeeded, ROOT } from './webBuild';

/**
 * The app as `npm start` runs it (embedded PGlite, dev outbox), on a fresh data folder (unless
 * E2E_KEEP_DATA=1), for the browser tests. CI's DATABASE_URL / REDIS_URL are for the integration tests, not for this.
 */
process.env.PORT ??= '3100';
// One data folder per port, so two browser runs on different ports never share a database.
export const E2E_DATA_DIR = path.join(ROOT, `.tmp/e2e-data-${process.env.PORT}`);

delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
delete process.env.SMTP_URL;
// E2E_KEEP_DATA=1 restarts on the same data (a browser test that restarts the server mid-exam).
if (process.env.E2E_KEEP_DATA !== '1') rmSync(E2E_DATA_DIR, { recursive: true, force: true });
process.env.DATA_DIR = E2E_DATA_DIR;
process.env.PUBLIC_URL = `http://localhost:${process.env.PORT}`;
process.env.LOG_LEVEL ??= 'warn';
buildWebIfNeeded();
await import('../server/src/main');
