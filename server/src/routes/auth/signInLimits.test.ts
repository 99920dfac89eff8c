import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@exam/shared';
import { configureHashing, defaultHashConcurrency, hashing } from '../../auth/passwords';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

/*
 * Addresses are told apart through X-Forwarded-For (the servers trust the proxy), as behind the
 * load balancer in production.
 */
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

// One server for the file (each rule's test uses addresses of its own), with small budgets.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { TRUST_PROXY: 'true' },
    rateLimits: {
      loginFailuresPerIp: 5,
      loginFailuresPerAccountAndIp: 3,
      loginFailuresPerAccount: 5,
      loginFailuresPerAccountAndIpUnderAttack: 1,
      registerPerIp: 2,
    },
  });
});
afterAll(async () => {
  configureHashing(defaultHashConcurrency());
  await server?.stop();
});

let n = 0;
const email = (p: string) => `${p}-${Date.now()}-${++n}@school.test`;

function expectTooMany(res: { status: number; body: { message: string }; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, message: MSG.tooManyRequests });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('a school behind one address', () => {

  // 500 real sign-ins take a few seconds alone, much longer on a shared CI box.
  it('never refuses 500 successful sign-ins from one address, and spends only its failures', { timeout: 180_000 }, async () => {
    // Real argon2id verification on the real sign-in path, with hashes made at a low cost so 500
    // sign-ins fit in a test run (the parameters travel inside each hash).
    const cheap = await argon2.hash(TEST_PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const hall = Array.from({ length: 500 }, (_, i) => ({
      id: randomUUID(),
      email: `hall-${i}-${randomUUID().slice(0, 6)}@school.test`,
      password_hash: cheap,
      first_name: 'Hall',
      last_name: String(i),
      role: 'student',
      grade: 10,
      section: 'A',
      is_verified: true,
    }));
    await server.deps.db.batchInsert('users', hall, 250);
    await server.deps.db.batchInsert('user_settings', hall.map((u) => ({ user_id: u.id })), 250);

    // Four students mistype first: the address's failure budget here is five.
    for (const student of hall.slice(0, 4)) {
      expect((await server.api('POST', '/auth/login', { email: student.email, password: 'typo' }, from('203.0.113.7'))).status).toBe(401);
    }
    const statuses: number[] = [];
    for (let i = 0; i < hall.length; i += 25) {
      const batch = hall.slice(i, i + 25).map((s) => server.api('POST', '/auth/login', { email: s.email, password: TEST_PASSWORD }, from('203.0.113.7')));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // The fifth failure spends the budget; from then on the address waits out the window.
    expect((await server.api('POST', '/auth/login', { email: email('ghost'), password: 'typo' }, from('203.0.113.7'))).status).toBe(401);
    expectTooMany(await server.api('POST', '/auth/login', { email: hall[0]!.email, password: TEST_PASSWORD }, from('203.0.113.7')));
    // Another school's address is not affected.
    expect((await server.api('POST', '/auth/login', { email: hall[1]!.email, password: TEST_PASSWORD }, from('198.51.100.1'))).status).toBe(200);
  });
});

describe('sign-ins waiting for a hashing slot', () => {

  it('drops a sign-in whose browser gave up while it waited, so it never takes a slot', async () => {
    configureHashing(1);
    let release!: () => void;
    const busy = hashing.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    const abandoned = fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: email('impatient'), password: 'whatever' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.99' },
      signal: controller.signal,
    }).catch(() => 'gave up');
    await vi.waitFor(() => expect(hashing.queued).toBe(1));
    controller.abort();
    await vi.waitFor(() => expect(hashing.queued).toBe(0));
    release();
    await busy;
    expect(await abandoned).toBe('gave up');
    // The server carries on; the student's retry from the same address signs in.
    const user = await buildUser(server.deps);
    expect((await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD }, from('198.51.100.99'))).status).toBe(200);
  });
});

describe('protecting one account', () => {
  const login = (address: string, password: string, ip: string) => server.api('POST', '/auth/login', { email: address, password }, from(ip));

  it("stops one address guessing an account, even with the right password, but not the owner elsewhere", async () => {
    const owner = await buildUser(server.deps);
    for (let i = 0; i < 3; i++) expect((await login(owner.email, 'guess-' + i, '192.0.2.10')).status).toBe(401);
    expectTooMany(await login(owner.email, 'guess-4', '192.0.2.10'));
    expectTooMany(await login(owner.email, TEST_PASSWORD, '192.0.2.10'));
    // The owner signs in from home while the stranger is locked out.
    expect((await login(owner.email, TEST_PASSWORD, '192.0.2.20')).status).toBe(200);
    // The stranger's address can still sign in to its own accounts.
    const other = await buildUser(server.deps);
    expect((await login(other.email, TEST_PASSWORD, '192.0.2.10')).status).toBe(200);
  });

  it("lets the owner in with the right password while strangers' many wrong passwords put the account under attack", async () => {
    const owner = await buildUser(server.deps);
    // Five strangers, one guess each: the account is now under attack (five failures).
    for (let i = 1; i <= 5; i++) expect((await login(owner.email, 'wrong-' + i, `192.0.2.${100 + i}`)).status).toBe(401);
    // Under attack, an address that has already failed on the account gets no further guess...
    expectTooMany(await login(owner.email, 'wrong-again', '192.0.2.101'));
    // ...while a clean address is still checked: a wrong password is wrong, the right one lets the owner in.
    expect((await login(owner.email, 'another-guess', '192.0.2.150')).status).toBe(401);
    expect((await login(owner.email, TEST_PASSWORD, '192.0.2.200')).status).toBe(200);
  });

  it("forgives an address's typos on the account once it gives the right password", async () => {
    const owner = await buildUser(server.deps);
    for (let i = 0; i < 2; i++) expect((await login(owner.email, 'typo', '192.0.2.30')).status).toBe(401);
    expect((await login(owner.email, TEST_PASSWORD, '192.0.2.30')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(owner.email, 'typo', '192.0.2.30')).status).toBe(401);
    expect((await login(owner.email, TEST_PASSWORD, '192.0.2.30')).status).toBe(200);
  });
});

describe('registration per address', () => {
  const payload = () => ({ firstName: 'Ana', lastName: 'Reyes', email: email('reg'), password: 'secret1', role: 'student', grade: 10, section: 'A' });

  it('limits sign-ups from one address with a 429, other addresses and admins are not affected', async () => {
    expect((await server.api('POST', '/auth/register', payload(), from('203.0.113.50'))).status).toBe(201);
    expect((await server.api('POST', '/auth/register', payload(), from('203.0.113.50'))).status).toBe(201);
    expectTooMany(await server.api('POST', '/auth/register', payload(), from('203.0.113.50')));
    expect((await server.api('POST', '/auth/register', payload(), from('203.0.113.51'))).status).toBe(201);

    // An admin creating accounts from the exhausted address is not throttled.
    const admin = await buildUser(server.deps, { role: 'admin' });
    const signedIn = await server.api('POST', '/auth/login', { email: admin.email, password: TEST_PASSWORD }, from('203.0.113.50'));
    const token = signedIn.body.data.accessToken as string;
    const created = await server.api('POST', '/auth/register', payload(), { ...from('203.0.113.50'), token });
    expect(created.status).toBe(201);
  });
});
