import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed/demo';
import { apiClient } from '../test/harness';
import { call, openSocket } from '../test/sockets';
import { killHard, startServerProcess, type ServerProcess } from './processNode';
import { haveRedisServer, ownRedis, redisPort, type OwnRedis } from './redisServer';

/**
 * Fault test: a node whose Redis is down at start starts anyway (as its own OS process,
 * so a crash would show as an exit), serves sign-ins and live sockets, says so in /api/ready and
 * /api/health, logs the outage once however long it lasts, and picks Redis up when it appears.
 */
describe.runIf(haveRedisServer)('a node started while Redis is down', () => {
  let node: ServerProcess | undefined;
  let redis: OwnRedis | undefined;
  let database: string | undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exam-redis-down-'));
  const admin = () => knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  /** A database of its own on PostgreSQL when there is one (a process starts far faster than on PGlite); else embedded. */
  async function databaseUrl(): Promise<string> {
    if (!process.env.DATABASE_URL) return '';
    database = `redis_down_${randomBytes(4).toString('hex')}`;
    const db = admin();
    await db.raw(`CREATE DATABASE ${database}`);
    await db.destroy();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${database}`;
    return url.toString();
  }
  afterAll(async () => {
    if (node) await killHard(node);
    await redis?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const db = admin();
      await db.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await db.destroy();
    }
  });

  it('serves, reports Redis as down, and recovers once Redis starts', async () => {
    redis = ownRedis(await redisPort());
    // Nothing listens on the Redis port yet.
    node = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: await databaseUrl(), REDIS_URL: redis.url, SEED_DEMO: 'true' });
    const api = apiClient(node.url);

    const ready = await api('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'fail' } });
    await vi.waitFor(async () => expect((await api('GET', '/health')).body.data.redis).toMatchObject({ status: 'down', outages: 1 }), { timeout: 10_000, interval: 100 });

    // Sign-in runs through the Redis-backed rate limiters: they count in memory instead of failing.
    const student = DEMO_USERS.find((u) => u.role === 'student')!;
    // (main seeds the demo accounts just after it starts listening.)
    await vi.waitFor(async () => expect((await api('POST', '/auth/login', { email: student.email, password: DEMO_PASSWORD })).status).toBe(200), { timeout: 20_000, interval: 200 });
    for (let i = 0; i < 3; i++) {
      const login = await api('POST', '/auth/login', { email: student.email, password: DEMO_PASSWORD });
      expect(login.status).toBe(200);
    }
    const wrong = await api('POST', '/auth/login', { email: student.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    // A socket connects and a broadcast-raising call (a violation on a missing attempt still answers) does not crash the node.
    const token = (await api('POST', '/auth/login', { email: student.email, password: DEMO_PASSWORD })).body.data.accessToken;
    const socket = await openSocket(node.url, token);
    const ack = await call(socket, 'attempt:join', { attemptId: '00000000-0000-4000-8000-000000000000' });
    expect(ack.ok).toBe(false);
    socket.close();

    // Several reconnect attempts go by while Redis stays down: still one outage, one log line.
    await vi.waitFor(() => expect(node!.output().match(/"msg":"Redis unreachable/g)?.length).toBe(1), { timeout: 5000, interval: 100 });
    await new Promise((r) => setTimeout(r, 3000)); // the outage must outlast several retries for "once" to mean something
    expect(node.output().match(/"msg":"Redis unreachable/g)).toHaveLength(1);

    await redis.start();
    await vi.waitFor(
      async () => {
        const now = await api('GET', '/ready');
        expect(now.status).toBe(200);
        expect(now.body.data).toMatchObject({ status: 'ready', checks: { database: 'ok', redis: 'ok' }, redis: { status: 'up', downSince: null } });
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(node.output().match(/"msg":"Redis reachable again/g)).toHaveLength(1);
    expect(node.output()).not.toMatch(/unhandled rejection/i);
    expect(node.child.exitCode).toBeNull();
  }, 90_000);
});
