import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, koaProxyOptions } from './clientAddress';
import { ConfigError, loadConfig } from './config';
import { buildUser, TEST_PASSWORD } from './test/factories';
import { startTestServer, type TestServer } from './test/harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** TRUST_PROXY as docker-compose.yml ships it to the app nodes. */
function composeTrustProxy(): string {
  const compose = readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
  const value = /^\s*TRUST_PROXY:\s*"?([^"\s]+)"?\s*$/m.exec(compose)?.[1];
  if (!value) throw new Error('docker-compose.yml sets no TRUST_PROXY');
  return value;
}

/**
 * What deploy/nginx.conf sends on: `$proxy_add_x_forwarded_for` appends the peer it saw to
 * whatever X-Forwarded-For the client wrote.
 */
function throughNginx(clientSent: string | undefined, realPeer: string): Record<string, string> {
  return { 'x-forwarded-for': clientSent ? `${clientSent}, ${realPeer}` : realPeer };
}

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

describe('the address a request comes from', () => {
  it('is the entry the trusted proxies appended, never one the client wrote', () => {
    expect(clientAddress('1.2.3.4, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress(['1.2.3.4', '203.0.113.9'], '10.0.0.2', 1)).toBe('203.0.113.9');
    // Two proxies: the outer one appended the client, the inner one the outer proxy.
    expect(clientAddress('1.2.3.4, 203.0.113.9, 10.0.0.5', '10.0.0.2', 2)).toBe('203.0.113.9');
    // No proxy configured: the header is ignored entirely.
    expect(clientAddress('1.2.3.4', '198.51.100.3', 0)).toBe('198.51.100.3');
    expect(clientAddress(undefined, '198.51.100.3', 1)).toBe('198.51.100.3');
  });

  it('is the same for the API (Koa) as for socket handshakes', async () => {
    for (const hops of [0, 1, 2]) {
      const app = new Koa(koaProxyOptions(hops));
      app.use((ctx) => {
        ctx.body = { ip: ctx.ip, expected: clientAddress(ctx.get('x-forwarded-for') || undefined, ctx.req.socket.remoteAddress, hops) };
      });
      const http = app.listen(0, '127.0.0.1');
      await new Promise((r) => http.once('listening', r));
      const port = (http.address() as { port: number }).port;
      try {
        for (const xff of [undefined, '203.0.113.9', '1.2.3.4, 203.0.113.9', '1.2.3.4, 5.6.7.8, 203.0.113.9, 10.0.0.5']) {
          const res = await fetch(`http://127.0.0.1:${port}/`, { headers: xff ? { 'x-forwarded-for': xff } : {} });
          const body = (await res.json()) as { ip: string; expected: string };
          expect(body.ip, `hops ${hops}, X-Forwarded-For ${xff}`).toBe(body.expected);
        }
      } finally {
        await new Promise((r) => http.close(r));
      }
    }
  });
});

describe('TRUST_PROXY', () => {
  it('counts the proxies in front: true is one, a number that many, absent or false none', () => {
    const hops = (v?: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/exam-config-test', JWT_SECRET: 'x'.repeat(32), ...(v === undefined ? {} : { TRUST_PROXY: v }) }).trustedProxies;
    expect(hops()).toBe(0);
    expect(hops('false')).toBe(0);
    expect(hops('true')).toBe(1);
    expect(hops('2')).toBe(2);
    expect(() => hops('maybe')).toThrow(ConfigError);
    expect(() => hops('11')).toThrow(/number of proxies in front/);
  });

  it('is one proxy in the compose file, and its nginx appends the peer it saw', () => {
    const hops = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/exam-config-test', JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: composeTrustProxy() }).trustedProxies;
    expect(hops).toBe(1);
    expect(readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });
});

describe('sign-in guesses with forged addresses', () => {
  // Behind the compose file's proxy, with small budgets: three failures per account and address, five per address.
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: composeTrustProxy() }, rateLimits: { loginFailuresPerIp: 5, loginFailuresPerAccountAndIp: 3 } });
    servers.push(server);
  }, 240_000);

  // Thirty sign-ins, a few of them hashed: allow for a loaded machine.
  it('throttles guesses on one account however the client rotates the X-Forwarded-For it sends', { timeout: 120_000 }, async () => {
    const victim = await buildUser(server.deps);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await server.api('POST', '/auth/login', { email: victim.email, password: `guess-${i}` }, { headers: throughNginx(`10.${i}.0.1`, '203.0.113.66') });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual(Array(3).fill(401));
    expect(statuses.slice(3)).toEqual(Array(27).fill(429));
    // The real address is what is locked: a forged one does not get the owner's password checked there...
    const locked = await server.api('POST', '/auth/login', { email: victim.email, password: TEST_PASSWORD }, { headers: throughNginx('198.51.100.200', '203.0.113.66') });
    expect(locked.status).toBe(429);
    // ...and nobody can lock out an address by writing it: the owner at 198.51.100.200 signs in.
    const owner = await server.api('POST', '/auth/login', { email: victim.email, password: TEST_PASSWORD }, { headers: throughNginx(undefined, '198.51.100.200') });
    expect(owner.status).toBe(200);
  });

  it('spends the per-address budget across accounts whatever leftmost address the client forges', { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await server.api('POST', '/auth/login', { email: `nobody-${i}@school.test`, password: 'guess' }, { headers: throughNginx(`1.2.3.${i}`, '203.0.113.77') });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  // Starts a server of its own: allow for a loaded machine.
  it('ignores X-Forwarded-For entirely when no proxy is configured', { timeout: 240_000 }, async () => {
    const plain = await startTestServer({ rateLimits: { loginFailuresPerIp: 3 } });
    servers.push(plain);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await plain.api('POST', '/auth/login', { email: `nobody-${i}@school.test`, password: 'guess' }, { headers: { 'x-forwarded-for': `1.2.3.${i}` } });
      statuses.push(res.status);
    }
    // Every guess came from the test's own loopback address, whatever the header said.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
