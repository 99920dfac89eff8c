import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExam, buildUser } from '../../test/factories';
import { platformUrls, startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addPlatformRoutes, platformRow, resourceLinkClaims, runLaunch, type FakePlatform } from '../../test/fakeLms/platform';
import { startTestServer, type TestServer } from '../../test/harness';
import { forgetFramingOrigins } from '../../services/lti/framing';

/**
 * The session a launch opens inside the LMS's frame (docs/lti.md): its refresh cookie is sent
 * cross-site and kept per top-level site, so it outlives the 15-minute access token in the frame;
 * refreshing keeps it so, a normal sign-in keeps its Strict cookie; and only the registered LMSs
 * may frame the app.
 */
let server: TestServer;
let lms: FakeLms;
let platform: FakePlatform;
let platformId: string;
let examId: string;

beforeAll(async () => {
  server = await startTestServer();
  server.deps.config.publicUrl = server.url;
  lms = await startFakeLms();
  platform = addPlatformRoutes(lms, server.url);
  platformId = ((await server.deps.db('lti_platforms').insert(platformRow(lms)).returning('id')) as { id: string }[])[0]!.id;
  forgetFramingOrigins(server.deps.db);
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  await server.deps.db('lti_users').insert({ platform_id: platformId, sub: 'teacher-sub', user_id: teacher.id });
  examId = (await buildExam(server.deps, teacher.id)).id;
});

afterAll(async () => {
  await lms?.stop();
  await server?.stop();
});

const cookieNamed = (setCookies: string[], name: string) => setCookies.find((c) => c.startsWith(`${name}=`));

async function launchedSession() {
  const hint = `hint-${Math.random()}`;
  platform.prepare(hint, platform.signed(resourceLinkClaims(lms, { examId })));
  const run = await runLaunch(server.url, platform, hint);
  const res = await fetch(`${server.url}/api/lti/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket: run.ticket }) });
  return { res, body: (await res.json()) as { data: { accessToken: string } } };
}

describe('the session of a launch', () => {
  it('sets a refresh cookie a framed page keeps: HttpOnly, Secure, SameSite=None, Partitioned, for the auth calls only', async () => {
    const { res } = await launchedSession();
    const cookie = cookieNamed(res.headers.getSetCookie(), 'refresh_token_framed');
    expect(cookie).toBeDefined();
    const attrs = cookie!.toLowerCase().split(/;\s*/);
    expect(attrs).toEqual(expect.arrayContaining(['path=/api/auth', 'samesite=none', 'secure', 'httponly', 'partitioned']));
    // The state cookie of the login is of the same kind, and only for the launch.
    const hint = `hint-${Math.random()}`;
    const login = await fetch(platform.loginUrl(hint), { redirect: 'manual' });
    const state = login.headers.getSetCookie().find((c) => c.startsWith('lti_state_'))!.toLowerCase();
    expect(state.split(/;\s*/)).toEqual(expect.arrayContaining(['path=/api/lti/launch', 'samesite=none', 'secure', 'httponly', 'partitioned']));
  });

  it('outlives the access token: the refresh call takes the framed cookie and answers with another framed cookie', async () => {
    const { res } = await launchedSession();
    const framed = cookieNamed(res.headers.getSetCookie(), 'refresh_token_framed')!.split(';')[0]!;
    const refreshed = await fetch(`${server.url}/api/auth/refresh-token`, { method: 'POST', headers: { cookie: framed } });
    expect(refreshed.status).toBe(200);
    const next = cookieNamed(refreshed.headers.getSetCookie(), 'refresh_token_framed');
    expect(next?.toLowerCase()).toContain('partitioned');
    expect(cookieNamed(refreshed.headers.getSetCookie(), 'refresh_token')).toBeUndefined();
    const token = ((await refreshed.json()) as { data: { accessToken: string } }).data.accessToken;
    expect((await server.api('GET', '/auth/me', undefined, { token })).status).toBe(200);
    // The spent token is refused, as with any refresh token.
    expect((await fetch(`${server.url}/api/auth/refresh-token`, { method: 'POST', headers: { cookie: framed } })).status).toBe(401);
  });

  it('keeps the normal sign-in Strict, and a normal sign-in replaces a framed session on this browser', async () => {
    const { res } = await launchedSession();
    const framed = cookieNamed(res.headers.getSetCookie(), 'refresh_token_framed')!.split(';')[0]!;
    const user = await buildUser(server.deps, { role: 'student' });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: framed },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    expect(cookieNamed(login.headers.getSetCookie(), 'refresh_token')?.toLowerCase()).toContain('samesite=strict');
    expect(cookieNamed(login.headers.getSetCookie(), 'refresh_token_framed')).toMatch(/^refresh_token_framed=;.*expires=Thu, 01 Jan 1970/);
  });

  it('ends a framed session at sign-out, its cookie cleared', async () => {
    const { res, body } = await launchedSession();
    const framed = cookieNamed(res.headers.getSetCookie(), 'refresh_token_framed')!.split(';')[0]!;
    const out = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { cookie: framed, authorization: `Bearer ${body.data.accessToken}` } });
    expect(out.status).toBe(200);
    expect(cookieNamed(out.headers.getSetCookie(), 'refresh_token_framed')).toMatch(/^refresh_token_framed=;/);
    expect((await fetch(`${server.url}/api/auth/refresh-token`, { method: 'POST', headers: { cookie: framed } })).status).toBe(401);
  });
});

describe('who may frame the app', () => {
  const headersOf = async () => (await fetch(`${server.url}/api/health`)).headers;

  it('lets the registered LMS’s pages frame it, and nobody else', async () => {
    const headers = await headersOf();
    const ancestors = /frame-ancestors ([^;]*)/.exec(headers.get('content-security-policy') ?? '')![1]!.split(' ');
    expect(ancestors).toContain(new URL(lms.url).origin);
    expect(ancestors).not.toContain('*');
    expect(headers.get('x-frame-options')).toBeNull();
    // The deep-linking page may post its answer back to the LMS.
    expect(/form-action ([^;]*)/.exec(headers.get('content-security-policy') ?? '')![1]).toContain(new URL(lms.url).origin);
  });

  it('lets a platform an admin has just registered frame the app at once', async () => {
    const admin = await buildUser(server.deps, { role: 'admin' });
    const token = (await server.api('POST', '/auth/login', { email: admin.email, password: admin.password })).body.data.accessToken as string;
    await headersOf(); // this node has read the list before the change
    const created = await server.api(
      'POST',
      '/lti/platforms',
      { ...platformUrls(lms), clientId: 'second-client', authLoginUrl: 'https://moodle.school.example/mod/lti/auth.php', name: 'School Moodle' },
      { token },
    );
    expect(created.status).toBe(201);
    expect((await headersOf()).get('content-security-policy')).toContain('https://moodle.school.example');
  });

  it('lets hosted Canvas’s course pages, on each school’s own instructure.com address, frame it', async () => {
    await server.deps.db('lti_platforms').insert({
      ...platformRow(lms, 'Canvas'),
      issuer: 'https://canvas.instructure.com',
      client_id: '10000000000001',
      auth_login_url: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
    });
    forgetFramingOrigins(server.deps.db);
    const ancestors = /frame-ancestors ([^;]*)/.exec((await headersOf()).get('content-security-policy') ?? '')![1]!.split(' ');
    expect(ancestors).toEqual(expect.arrayContaining(['https://canvas.instructure.com', 'https://sso.canvaslms.com', 'https://*.instructure.com']));
  });

  it('forbids framing again once the platform is turned off', async () => {
    await server.deps.db('lti_platforms').update({ active: false });
    forgetFramingOrigins(server.deps.db);
    try {
      const headers = await headersOf();
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    } finally {
      await server.deps.db('lti_platforms').update({ active: true });
      forgetFramingOrigins(server.deps.db);
    }
  });
});
