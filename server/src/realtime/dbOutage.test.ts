import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { HANDSHAKE_ERRORS } from '@exam/shared';
import { isDbUnavailable } from '../db/outage';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { openSocket } from '../test/sockets';

/** A database outage looks like an outage, not like a sign-out. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 100 });
});
afterAll(async () => {
  await server?.stop();
});

/** This node loses its database: every query fails as a refused connection does. */
function stopDatabase(s: TestServer) {
  const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  const down = vi.spyOn(s.deps.db.client, 'acquireConnection').mockImplementation(refused);
  onTestFinished(() => down.mockRestore());
  return () => down.mockRestore();
}

const messages = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => c.find((a) => typeof a === 'string'));

describe('while the database is down', () => {
  it('refuses socket handshakes as Unavailable (never Unauthorized), answers REST with 503, logs the outage once, and lets the same token back in after', async () => {
    const student = await buildUser(server.deps, { role: 'student' });
    const token = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const errors = vi.spyOn(server.deps.log, 'error');
    const warnings = vi.spyOn(server.deps.log, 'warn');
    onTestFinished(() => {
      errors.mockRestore();
      warnings.mockRestore();
    });

    const restart = stopDatabase(server);
    const refusals = await Promise.allSettled(Array.from({ length: 5 }, () => openSocket(server.url, token)));
    expect(refusals.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'connected'))).toEqual(Array(5).fill(HANDSHAKE_ERRORS.unavailable));
    const me = await server.api('GET', '/auth/me', undefined, { token });
    expect(me.status).toBe(503);
    expect(me.body).toMatchObject({ success: false, message: expect.stringMatching(/temporarily unavailable/) });
    // The sweeper keeps ticking (every 100 ms) and failing meanwhile.
    await vi.waitFor(() => expect(server.deps.dbOutage.down).toBe(true));
    expect(messages(errors)).toEqual(['database unavailable']);

    restart();
    const socket = await vi.waitFor(() => openSocket(server.url, token), { timeout: 5000, interval: 200 });
    socket.close();
    await vi.waitFor(() => expect(messages(warnings)).toContain('database available again'), { timeout: 5000 });
    expect(server.deps.dbOutage.down).toBe(false);
    expect(messages(errors)).toEqual(['database unavailable']);
  });
});

describe('telling an outage from a bad statement', () => {
  it('counts refused connections, shutdowns and pool timeouts as outages, and constraint or syntax errors not', () => {
    expect(isDbUnavailable(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }))).toBe(true);
    expect(isDbUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDbUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDbUnavailable(undefined)).toBe(false);
  });
});
