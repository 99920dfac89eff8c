import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { lastMailedToken, outbox, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimits: { loginFailuresPerAccountAndIp: 3, forgotPerAccount: 2 } });
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
let n = 0;
const uniqueEmail = (p = 'new') => `${p}-${Date.now()}-${++n}@school.test`;

const studentPayload = (over: Record<string, unknown> = {}) => ({
  firstName: 'Maya',
  lastName: 'Lopez',
  email: uniqueEmail(),
  password: 'secret1',
  role: 'student',
  grade: 11,
  section: 'C',
  ...over,
});

async function signIn(email: string, password = TEST_PASSWORD) {
  const res = await api('POST', '/auth/login', { email, password });
  expect(res.status).toBe(200);
  return { token: res.body.data.accessToken as string, refresh: res.refreshCookie! };
}

describe('POST /auth/register', () => {
  it('creates an unverified student and mails a verification link to the web app', async () => {
    const payload = studentPayload();
    const res = await api('POST', '/auth/register', payload);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(MSG.registered);
    // No account data in the answer: a taken e-mail is answered the same way (registration.test.ts).
    expect(res.body).not.toHaveProperty('data');
    const row = await server.deps.db('users').where({ email: payload.email }).first();
    expect(row).toMatchObject({ role: 'student', grade: 11, section: 'C', is_verified: false, is_active: true });
    expect(row.student_id).toMatch(/^STU-/);
    await server.deps.mailer.idle();
    const [mail] = outbox(server.dataDir, payload.email);
    expect(mail?.link).toMatch(/\/verify-email\?token=[\w-]{20,}$/);
  });

  it.each([
    [{ password: '123' }, MSG.passwordTooShort],
    [{ firstName: '   ' }, MSG.namesRequired],
    [{ grade: undefined }, MSG.studentFieldsRequired],
    [{ section: undefined }, MSG.studentFieldsRequired],
    [{ role: 'teacher', subject: 'physics' }, MSG.teacherFieldsRequired],
    [{ role: 'admin' }, MSG.roleInvalid],
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ grade: 7 }, MSG.gradeInvalid],
  ])('refuses %o with its message', async (over, message) => {
    const res = await api('POST', '/auth/register', studentPayload(over));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(message);
  });

  it('reports the rules in their documented order', async () => {
    const res = await api('POST', '/auth/register', studentPayload({ password: '1', firstName: '', grade: undefined }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.passwordTooShort);
    expect(res.body.errors.map((e: { msg: string }) => e.msg)).toEqual([MSG.passwordTooShort, MSG.namesRequired, MSG.studentFieldsRequired]);
  });

  it('creates no second account for the same e-mail in any case, without saying so', async () => {
    const email = uniqueEmail('dup');
    expect((await api('POST', '/auth/register', studentPayload({ email }))).status).toBe(201);
    const res = await api('POST', '/auth/register', studentPayload({ email: email.toUpperCase() }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MSG.registered });
    expect(await server.deps.db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).count({ n: '*' }).first()).toEqual({ n: 1 });
  });

  it('registers a teacher and a parent with their own fields', async () => {
    const payload = studentPayload({ role: 'teacher', subject: 'biology', qualification: 'MSc' });
    const teacher = await api('POST', '/auth/register', payload);
    expect(teacher.status).toBe(201);
    const row = await server.deps.db('users').where({ email: payload.email }).first();
    expect(row).toMatchObject({ role: 'teacher', subject: 'biology', qualification: 'MSc', grade: null, student_id: null });
    const parent = await api('POST', '/auth/register', { firstName: 'Pa', lastName: 'Rent', email: uniqueEmail(), password: 'secret1', role: 'parent' });
    expect(parent.status).toBe(201);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await api('POST', '/auth/register', undefined, { rawBody: '{"email": ' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});

describe('POST /auth/login', () => {
  it('signs in with the documented envelope, a refresh cookie and the previous last login', async () => {
    const user = await buildUser(server.deps, { role: 'teacher' });
    const first = await api('POST', '/auth/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: MSG.loginSuccess, data: { user: { _id: user.id, role: 'teacher', lastLogin: null } } });
    expect(first.body.data.accessToken.split('.')).toHaveLength(3);
    expect(first.refreshCookie).toBeTruthy();
    expect(first.headers.getSetCookie().join(';')).toMatch(/httponly/i);
    const second = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(second.body.data.user.lastLogin).not.toBeNull();
  });

  it('gives the same message for a wrong password and an unknown account', async () => {
    const user = await buildUser(server.deps);
    const wrong = await api('POST', '/auth/login', { email: user.email, password: 'nope-nope' });
    const unknown = await api('POST', '/auth/login', { email: uniqueEmail('ghost'), password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: MSG.invalidCredentials });
    }
  });

  it('refuses a deactivated account', async () => {
    const user = await buildUser(server.deps, { isActive: false });
    const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.accountDeactivated);
  });

  it('requires e-mail and password', async () => {
    const res = await api('POST', '/auth/login', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'password']);
  });

  it('locks an account after repeated failures, even for the right password, with a 429', async () => {
    const user = await buildUser(server.deps);
    for (let i = 0; i < 3; i++) expect((await api('POST', '/auth/login', { email: user.email, password: 'wrong-pass' })).status).toBe(401);
    const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(MSG.tooManyRequests);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('per-IP rate limits', () => {
  it('limits login and forgot-password per IP', { timeout: 120_000 }, async () => {
    const limited = await startTestServer({ rateLimits: { loginFailuresPerIp: 2, forgotPerIp: 2 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.api('POST', '/auth/login', { email: uniqueEmail(), password: 'x' })).status);
      expect(statuses).toEqual([401, 401, 429]);
      const forgot = [];
      for (let i = 0; i < 3; i++) forgot.push((await limited.api('POST', '/auth/forgot-password', { email: uniqueEmail() })).status);
      expect(forgot).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe('GET /auth/me and the access token', () => {
  it('returns the signed-in user', async () => {
    const user = await buildUser(server.deps, { role: 'parent' });
    const { token } = await signIn(user.email);
    const res = await api('GET', '/auth/me', undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ _id: user.id, email: user.email, role: 'parent', name: `${user.first_name} ${user.last_name}` });
  });

  it('refuses no token, a forged token and an alg:none token', async () => {
    const user = await buildUser(server.deps);
    const { token } = await signIn(user.email);
    const [header, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const t of [undefined, none, forged, 'garbage']) {
      const res = await api('GET', '/auth/me', undefined, { token: t });
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });

  it('stops a deactivated user from using a token they already hold', async () => {
    const user = await buildUser(server.deps);
    const { token } = await signIn(user.email);
    await server.deps.db('users').where({ id: user.id }).update({ is_active: false });
    const res = await api('GET', '/auth/me', undefined, { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG.accountDeactivated);
  });
});

describe('POST /auth/refresh-token', () => {
  it('rotates the refresh token on every use', async () => {
    const user = await buildUser(server.deps);
    const { refresh } = await signIn(user.email);
    const res = await api('POST', '/auth/refresh-token', undefined, { refreshCookie: refresh });
    expect(res.status).toBe(200);
    expect(res.body.data.user._id).toBe(user.id);
    expect(res.refreshCookie).toBeTruthy();
    expect(res.refreshCookie).not.toBe(refresh);
    const me = await api('GET', '/auth/me', undefined, { token: res.body.data.accessToken });
    expect(me.status).toBe(200);
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    const user = await buildUser(server.deps);
    const { refresh } = await signIn(user.email);
    const rotated = await api('POST', '/auth/refresh-token', undefined, { refreshCookie: refresh });
    const replay = await api('POST', '/auth/refresh-token', undefined, { refreshCookie: refresh });
    expect(replay.status).toBe(401);
    // The thief's replay also ends the legitimate holder's newer token and access token.
    expect((await api('POST', '/auth/refresh-token', undefined, { refreshCookie: rotated.refreshCookie })).status).toBe(401);
    expect((await api('GET', '/auth/me', undefined, { token: rotated.body.data.accessToken })).status).toBe(401);
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await api('POST', '/auth/refresh-token')).status).toBe(401);
    expect((await api('POST', '/auth/refresh-token', undefined, { refreshCookie: 'made-up' })).status).toBe(401);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session: neither the access token nor the refresh token works afterwards', async () => {
    const user = await buildUser(server.deps);
    const { token, refresh } = await signIn(user.email);
    const res = await api('POST', '/auth/logout', undefined, { token, refreshCookie: refresh });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.logoutSuccess);
    expect(res.refreshCookie).toBe('');
    expect((await api('GET', '/auth/me', undefined, { token })).status).toBe(401);
    expect((await api('POST', '/auth/refresh-token', undefined, { refreshCookie: refresh })).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const user = await buildUser(server.deps);
    const ghost = uniqueEmail('ghost');
    const real = await api('POST', '/auth/forgot-password', { email: user.email });
    const none = await api('POST', '/auth/forgot-password', { email: ghost });
    expect(real.status).toBe(200);
    expect(none.status).toBe(200);
    expect(none.body).toEqual(real.body);
    await server.deps.mailer.idle();
    expect(outbox(server.dataDir, ghost)).toHaveLength(0);
    expect(outbox(server.dataDir, user.email).at(-1)?.link).toMatch(/\/reset-password\?token=/);
  });

  it('resets the password once, signs other sessions out, and verifies the address', async () => {
    const user = await buildUser(server.deps, { isVerified: false });
    const { token: oldAccess } = await signIn(user.email);
    await api('POST', '/auth/forgot-password', { email: user.email });
    const token = await lastMailedToken(server, user.email);
    const res = await api('POST', '/auth/reset-password', { token, password: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.passwordResetSuccess);
    expect((await api('GET', '/auth/me', undefined, { token: oldAccess })).status).toBe(401);
    expect((await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
    const login = await api('POST', '/auth/login', { email: user.email, password: 'brand-new-pass' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.isVerified).toBe(true);
    const again = await api('POST', '/auth/reset-password', { token, password: 'another-pass' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.invalidOrExpiredToken);
  });

  it('refuses an expired reset link and a short new password', async () => {
    const user = await buildUser(server.deps);
    await api('POST', '/auth/forgot-password', { email: user.email });
    const token = await lastMailedToken(server, user.email);
    const short = await api('POST', '/auth/reset-password', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MSG.passwordTooShort);
    await server.deps.db('one_time_tokens').where({ user_id: user.id }).update({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - 3600_000) });
    const res = await api('POST', '/auth/reset-password', { token, password: 'fine-password' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.invalidOrExpiredToken);
  });

  it('expires reset links after an hour', async () => {
    const user = await buildUser(server.deps);
    await api('POST', '/auth/forgot-password', { email: user.email });
    const row = await server.deps.db('one_time_tokens').where({ user_id: user.id, purpose: 'reset_password' }).first();
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(61 * 60_000);
  });

  it('limits reset mails per account with a 429', async () => {
    const user = await buildUser(server.deps);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api('POST', '/auth/forgot-password', { email: user.email })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('POST /auth/verify-email', () => {
  it('verifies the address once; the link does not work twice', async () => {
    const payload = studentPayload();
    await api('POST', '/auth/register', payload);
    const token = await lastMailedToken(server, payload.email);
    const res = await api('POST', '/auth/verify-email', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.emailVerified);
    expect(res.body.data.user.isVerified).toBe(true);
    const again = await api('POST', '/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.invalidOrExpiredToken);
  });

  it('keeps verification links for 24 hours and refuses an expired one', async () => {
    const payload = studentPayload();
    await api('POST', '/auth/register', payload);
    const token = await lastMailedToken(server, payload.email);
    const row = await server.deps.db('one_time_tokens as t').join('users as u', 'u.id', 't.user_id').where('u.email', payload.email).first('t.*');
    const ttl = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.round(ttl / 3600_000)).toBe(24);
    await server.deps.db('one_time_tokens').where({ id: row.id }).update({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - 2 * 86400_000) });
    expect((await api('POST', '/auth/verify-email', { token })).status).toBe(400);
  });

  it('needs a token', async () => {
    const res = await api('POST', '/auth/verify-email', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.tokenRequired);
  });

  it('sends a fresh link on request, and only the newest link works', async () => {
    const user = await buildUser(server.deps, { isVerified: false });
    const { token: access } = await signIn(user.email);
    await api('POST', '/auth/resend-verification', undefined, { token: access });
    const first = await lastMailedToken(server, user.email);
    // A minute later (the cooldown is what the next test is about).
    await server.deps.limiters.resendCooldown.delete(user.id);
    await api('POST', '/auth/resend-verification', undefined, { token: access });
    const second = await lastMailedToken(server, user.email);
    expect(second).not.toBe(first);
    expect((await api('POST', '/auth/verify-email', { token: first })).status).toBe(400);
    expect((await api('POST', '/auth/verify-email', { token: second })).status).toBe(200);
  });

  it('refuses a second request within the cooldown with the rate-limit text, and mails nothing more', async () => {
    const user = await buildUser(server.deps, { isVerified: false });
    const { token: access } = await signIn(user.email);
    const first = await api('POST', '/auth/resend-verification', undefined, { token: access });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MSG.verificationSent);
    await server.deps.mailer.idle();
    const sent = outbox(server.dataDir, user.email).length;

    const again = await api('POST', '/auth/resend-verification', undefined, { token: access });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(MSG.tooManyRequests);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    await server.deps.mailer.idle();
    expect(outbox(server.dataDir, user.email)).toHaveLength(sent);
  });

  it('needs a signed-in user', async () => {
    expect((await api('POST', '/auth/resend-verification')).status).toBe(401);
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const user = await buildUser(server.deps);
    const here = await signIn(user.email);
    const elsewhere = await signIn(user.email);
    const res = await api('POST', '/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' }, { token: here.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.passwordChanged);
    expect((await api('GET', '/auth/me', undefined, { token: here.token })).status).toBe(200);
    expect((await api('GET', '/auth/me', undefined, { token: elsewhere.token })).status).toBe(401);
    expect((await api('POST', '/auth/login', { email: user.email, password: 'changed-pass' })).status).toBe(200);
  });

  it('refuses a wrong current password, a short new one, and an anonymous caller', async () => {
    const user = await buildUser(server.deps);
    const { token } = await signIn(user.email);
    const wrong = await api('POST', '/auth/change-password', { currentPassword: 'not-it', newPassword: 'changed-pass' }, { token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.currentPasswordWrong);
    const short = await api('POST', '/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: '12' }, { token });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MSG.passwordTooShort);
    expect((await api('POST', '/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'changed-pass' })).status).toBe(401);
  });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await api('GET', '/health')).status).toBe(200);
    const ready = await api('GET', '/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.checks.database).toBe('ok');
    if (process.env.REDIS_URL) expect(ready.body.data.checks.redis).toBe('ok');
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const res = await api('GET', '/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
  });
});
