import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fillMessage, MSG } from '@exam/shared';
import { configureHashing, defaultHashConcurrency, hashing } from '../../auth/passwords';
import { TICKET_HEADER } from '../../auth/signInQueue';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  // A tenth of a second of expected wait is the most a sign-in may face before it is told its place.
  server = await startTestServer({ env: { SIGN_IN_QUEUE_SECONDS: '0.1' } });
  configureHashing(1);
});
afterAll(async () => {
  configureHashing(defaultHashConcurrency());
  await server?.stop();
});

describe('a hall signing in at once', () => {
  it('tells a sign-in its place in line at once when the hashing lanes are full, and signs it in when it comes back', async () => {
    const [asha, ben] = [await buildUser(server.deps), await buildUser(server.deps)];
    // The one lane busy and ten sign-ins' worth of work waiting behind it.
    let release!: () => void;
    const busy = hashing.run(() => new Promise<void>((r) => (release = r)));
    const behind = Array.from({ length: 10 }, () => hashing.run(async () => {}));
    expect(hashing.queued).toBe(10);

    const started = performance.now();
    const first = await server.api('POST', '/auth/login', { email: asha.email, password: TEST_PASSWORD });
    // Answered at once, not after the line ahead of it.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(first.status).toBe(503);
    const { queuePosition, retryAfterSeconds, queueTicket } = first.body.data;
    expect(queuePosition).toBe(12);
    expect(retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(first.headers.get('retry-after')).toBe(String(retryAfterSeconds));
    const key = retryAfterSeconds === 1 ? MSG.signInQueued_one : MSG.signInQueued_other;
    expect(first.body.message).toBe(fillMessage(key, { position: 12, count: retryAfterSeconds }));
    // No password was checked for it: nothing joined the lanes.
    expect(hashing.queued).toBe(10);

    // The next one is behind it, told in its own language.
    const second = await server.api('POST', '/auth/login', { email: ben.email, password: TEST_PASSWORD }, { headers: { 'accept-language': 'fr' } });
    expect(second.status).toBe(503);
    expect(second.body.data.queuePosition).toBe(13);
    expect(second.body.message).toMatch(/^Beaucoup de personnes se connectent en ce moment\. Vous êtes numéro 13 dans la file/);

    // The lanes empty; the student comes back when told, with the ticket, and signs in.
    release();
    await Promise.all([busy, ...behind]);
    await new Promise((r) => setTimeout(r, retryAfterSeconds * 1000));
    const again = await server.api('POST', '/auth/login', { email: asha.email, password: TEST_PASSWORD }, { headers: { [TICKET_HEADER]: queueTicket } });
    expect(again.status).toBe(200);
    expect(again.body.data.accessToken).toEqual(expect.any(String));
  });

  it('tells a sign-in that was let in but waited too long its place after all, rather than let the page time out', async () => {
    const user = await buildUser(server.deps);
    // A second's threshold: a sign-in behind one busy lane is let in (the estimate says it is quick)…
    server.deps.config.signInQueueSeconds = 1;
    let release!: () => void;
    const busy = hashing.run(() => new Promise<void>((r) => (release = r)));
    try {
      const started = performance.now();
      const res = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
      // …and when the lane stays busy for three thresholds, it hears it is first in line.
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeGreaterThanOrEqual(2900);
      expect(res.body.data.queuePosition).toBe(1);
      expect(res.headers.get('retry-after')).toBe(String(res.body.data.retryAfterSeconds));
      // Nothing was checked, so nothing counted against the account.
      release();
      await busy;
      const again = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD }, { headers: { [TICKET_HEADER]: res.body.data.queueTicket } });
      expect(again.status).toBe(200);
    } finally {
      release();
      server.deps.config.signInQueueSeconds = 0.1;
    }
  }, 30_000);

  it('lets every sign-in wait for its lane, however long, when the line is turned off (0)', async () => {
    const user = await buildUser(server.deps);
    server.deps.config.signInQueueSeconds = 0;
    let release!: () => void;
    const busy = hashing.run(() => new Promise<void>((r) => (release = r)));
    const behind = Array.from({ length: 10 }, () => hashing.run(async () => {}));
    try {
      const signIn = server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
      // It joins the lanes' queue rather than being answered at once.
      await vi.waitFor(() => expect(hashing.queued).toBe(11));
      release();
      await Promise.all([busy, ...behind]);
      expect((await signIn).status).toBe(200);
    } finally {
      release();
      server.deps.config.signInQueueSeconds = 0.1;
    }
  }, 30_000);

  it('still answers bad input with its 400, whatever the line', async () => {
    let release!: () => void;
    const busy = hashing.run(() => new Promise<void>((r) => (release = r)));
    const behind = Array.from({ length: 10 }, () => hashing.run(async () => {}));
    const res = await server.api('POST', '/auth/login', { email: 'not-an-address', password: '' });
    release();
    await Promise.all([busy, ...behind]);
    expect(res.status).toBe(400);
  });
});
