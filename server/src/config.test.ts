import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'exam-config-'));

describe('configuration', () => {
  it('defaults to the embedded mode on port 3000 with demo data', () => {
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('keeps a generated JWT secret under DATA_DIR so sign-ins survive a restart', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });

  it('does not seed demo data against PostgreSQL unless asked', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('keeps the demo accounts off in production, even embedded, unless SEED_DEMO=true asks for them', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ DATA_DIR: tmp(), ...prod }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), ...prod, DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), ...prod, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    // A fresh clone's `npm start` (development, embedded) still has them.
    expect(loadConfig({ DATA_DIR: tmp() }).seedDemo).toBe(true);
  });

  it('issues 15-minute access tokens unless ACCESS_TOKEN_TTL_SECONDS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).accessTokenTtlSeconds).toBe(900);
    expect(loadConfig({ DATA_DIR: tmp(), ACCESS_TOKEN_TTL_SECONDS: '60' }).accessTokenTtlSeconds).toBe(60);
    expect(() => loadConfig({ DATA_DIR: tmp(), ACCESS_TOKEN_TTL_SECONDS: '0' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
  });

  it('lets the heap grow to four times its live set between full collections unless HEAP_GROWTH_PERCENT says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).heapGrowthPercent).toBe(300);
    expect(loadConfig({ DATA_DIR: tmp(), HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tmp(), HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ DATA_DIR: tmp(), HEAP_GROWTH_PERCENT: 'lots' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('refuses production without a JWT secret, and bad values with the variable named', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('Redis key prefix', () => {
  it('namespaces shared state under KEY_PREFIX, exam by default, and refuses one with a separator in it', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).keyPrefix).toBe('exam');
    expect(loadConfig({ DATA_DIR: tmp(), KEY_PREFIX: 'bench-1a2b' }).keyPrefix).toBe('bench-1a2b');
    expect(() => loadConfig({ DATA_DIR: tmp(), KEY_PREFIX: 'a:b' })).toThrow(/KEY_PREFIX/);
  });
});

describe('password hashing', () => {
  it('takes HASH_CONCURRENCY as the number of hashes at once, and refuses a bad value by name', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).hashConcurrency).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), HASH_CONCURRENCY: '2' }).hashConcurrency).toBe(2);
    expect(() => loadConfig({ DATA_DIR: tmp(), HASH_CONCURRENCY: '0' })).toThrow(/HASH_CONCURRENCY/);
  });
});

describe('empty variables', () => {
  it('treats an empty variable as unset', () => {
    const c = loadConfig({ DATA_DIR: tmp(), SMTP_URL: '', DATABASE_URL: '', PORT: '' });
    expect(c.smtpUrl).toBeUndefined();
    expect(c.databaseUrl).toBeUndefined();
    expect(c.port).toBe(3000);
  });

  it('reads the camera’s STUN/TURN servers from ICE_SERVERS, with one public STUN server by default', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).iceServers).toEqual([{ urls: 'stun:stun.l.google.com:19302' }]);
    const turn = [{ urls: 'turn:turn.school.test:3478', username: 'hall', credential: 'pw' }];
    expect(loadConfig({ DATA_DIR: tmp(), ICE_SERVERS: JSON.stringify(turn) }).iceServers).toEqual(turn);
    expect(() => loadConfig({ DATA_DIR: tmp(), ICE_SERVERS: 'turn:x' })).toThrow(/ICE_SERVERS must be JSON/);
    expect(() => loadConfig({ DATA_DIR: tmp(), ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(ConfigError);
  });
});
