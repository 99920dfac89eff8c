import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@exam/shared';
import { signDeviceToken } from '../../auth/deviceTokens';
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
      loginFailuresPerAccountAndDevice: 3,
      loginChecksPerMinutePastBudget: 22,
      registerPerIp: 2,
    },
  });
}, 240_000);
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

    // The fifth failure spends the budget; from then on the address's wrong passwords are refused,
    // while its right ones still sign in (the next describe block).
    expect((await server.api('POST', '/auth/login', { email: email('ghost'), password: 'typo' }, from('203.0.113.7'))).status).toBe(401);
    expectTooMany(await server.api('POST', '/auth/login', { email: hall[0]!.email, password: 'typo' }, from('203.0.113.7')));
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

/** The `name=value` of the device cookie a sign-in's answer set, ready for a Cookie header. */
function deviceCookieOf(res: { headers: Headers }): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('device_'));
  if (!set) throw new Error('no device cookie set');
  return set.split(';')[0]!;
}
const signIn = (address: string, password: string, ip: string, cookie?: string) =>
  server.api('POST', '/auth/login', { email: address, password }, { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } });

describe('a school address that has spent its failure budget', () => {
  // Twenty accounts made and signed in with real hashing: allow for a loaded machine.
  it('still lets 20 students with the right password in, and refuses its wrong guesses', { timeout: 180_000 }, async () => {
    const school = '203.0.113.90';
    const students = await Promise.all(Array.from({ length: 20 }, () => buildUser(server.deps)));
    // One machine in the hall guesses at accounts until the address's budget (five) is spent.
    for (let i = 0; i < 5; i++) expect((await signIn(email('ghost'), 'guess', school)).status).toBe(401);
    expectTooMany(await signIn(email('ghost'), 'guess', school));

    const statuses = await Promise.all(students.map((s) => signIn(s.email, TEST_PASSWORD, school).then((r) => r.status)));
    expect(statuses).toEqual(Array(20).fill(200));

    // A wrong password from it is still refused, and still counted on the account it tried.
    const target = students[0]!;
    expectTooMany(await signIn(target.email, 'wrong', school));
    expect((await server.deps.limiters.loginFailuresAccount.get(target.email.toLowerCase()))?.consumedPoints).toBe(1);

    // Past its budget the address gets 22 password checks a minute here, right or wrong (one guess,
    // twenty students, one more guess): a host guessing from it cannot keep the hashing busy.
    const tooFast = await signIn(students[1]!.email, TEST_PASSWORD, school);
    expectTooMany(tooFast);
    expect(Number(tooFast.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});

describe('a browser that signed in to the account before (device cookie)', () => {
  it("lets the owner's browser in at school after a classmate's ten failures on the account there", async () => {
    const school = '203.0.113.91';
    const victim = await buildUser(server.deps);
    const first = await signIn(victim.email, TEST_PASSWORD, school);
    expect(first.status).toBe(200);
    const raw = first.headers.getSetCookie().find((c) => c.startsWith('device_'))!;
    expect(raw).toMatch(/; *httponly/i);
    expect(raw).toMatch(/; *samesite=lax/i);
    expect(raw).toMatch(/; *path=\/api\/auth\/login/i);
    const cookie = deviceCookieOf(first);

    // A classmate on the same school address: three failures lock the account there (then 429s).
    const classmate = [];
    for (let i = 0; i < 10; i++) classmate.push((await signIn(victim.email, `guess-${i}`, school)).status);
    expect(classmate).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // Another browser at school, even with the right password, waits with the classmate...
    expectTooMany(await signIn(victim.email, TEST_PASSWORD, school));
    // ...the owner's own browser does not, and the classmate spent none of its budget: its typos are still just wrong.
    expect((await signIn(victim.email, 'typo', school, cookie)).status).toBe(401);
    expect((await signIn(victim.email, 'typo', school, cookie)).status).toBe(401);
    expect((await signIn(victim.email, TEST_PASSWORD, school, cookie)).status).toBe(200);
  });

  it('has a failure budget of its own: guessing with a stolen cookie still waits out the window', async () => {
    const owner = await buildUser(server.deps);
    const cookie = deviceCookieOf(await signIn(owner.email, TEST_PASSWORD, '203.0.113.93'));
    for (let i = 0; i < 3; i++) expect((await signIn(owner.email, `guess-${i}`, `198.51.100.${10 + i}`, cookie)).status).toBe(401);
    expectTooMany(await signIn(owner.email, TEST_PASSWORD, '198.51.100.20', cookie));
  });

  it('ignores a forged cookie, another account’s, and none at all', async () => {
    const school = '203.0.113.92';
    const victim = await buildUser(server.deps);
    const other = await buildUser(server.deps);
    const victimSignedIn = await signIn(victim.email, TEST_PASSWORD, '198.51.100.60');
    const victimCookie = deviceCookieOf(victimSignedIn);
    const victimName = victimCookie.split('=')[0]!;
    const otherCookie = deviceCookieOf(await signIn(other.email, TEST_PASSWORD, school));
    const otherToken = otherCookie.slice(otherCookie.indexOf('=') + 1);

    for (let i = 0; i < 3; i++) expect((await signIn(victim.email, `guess-${i}`, school)).status).toBe(401);
    const refused = [
      undefined,
      otherCookie,
      `${victimName}=${otherToken}`,
      `${victimName}=not-a-token`,
      `${victimName}=${signDeviceToken('another-secret-of-at-least-32-characters', victim.email.toLowerCase())}`,
      `${victimName}=${victimSignedIn.body.data.accessToken as string}`,
    ];
    for (const cookie of refused) expectTooMany(await signIn(victim.email, TEST_PASSWORD, school, cookie));
    expect((await signIn(victim.email, TEST_PASSWORD, school, victimCookie)).status).toBe(200);
  });
});

describe('an account under attack', () => {
  it('still throttles strangers, even a busy address with the right password, but not the owner’s browser', async () => {
    const owner = await buildUser(server.deps);
    const ownersBrowser = deviceCookieOf(await signIn(owner.email, TEST_PASSWORD, '192.0.2.60'));
    // Five strangers, one guess each: the account is under attack.
    for (let i = 1; i <= 5; i++) expect((await signIn(owner.email, 'wrong-' + i, `192.0.2.${60 + i}`)).status).toBe(401);
    expectTooMany(await signIn(owner.email, TEST_PASSWORD, '192.0.2.61'));

    // An address past its own budget learns nothing about the attacked account, right password or not...
    const busy = '192.0.2.70';
    for (let i = 0; i < 5; i++) expect((await signIn(email('ghost'), 'guess', busy)).status).toBe(401);
    expectTooMany(await signIn(owner.email, TEST_PASSWORD, busy));
    // ...while its accounts nobody attacks still sign in.
    const classmate = await buildUser(server.deps);
    expect((await signIn(classmate.email, TEST_PASSWORD, busy)).status).toBe(200);

    // The owner's browser signs in from any of those addresses.
    expect((await signIn(owner.email, TEST_PASSWORD, '192.0.2.61', ownersBrowser)).status).toBe(200);
    expect((await signIn(owner.email, TEST_PASSWORD, busy, ownersBrowser)).status).toBe(200);
  });
});
