import { LTI_MSG, LTI_SCOPES } from '@exam/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashOpaqueToken } from '../../auth/opaqueTokens';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { platformUrls, startFakeLms, type FakeLms } from '../../test/fakeLms';
import { addRegistration, type FakeLmsRegistration } from '../../test/fakeLms/registration';
import { startTestServer, type TestServer } from '../../test/harness';

const PUBLIC_URL = 'http://exams.school.example';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL } });
  const user = await buildUser(server.deps, { role: 'admin' });
  admin = (await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
});
afterAll(() => server?.stop());

let lms: FakeLms;
let reg: FakeLmsRegistration;
beforeEach(async () => {
  lms = await startFakeLms();
  reg = addRegistration(lms);
  return () => lms.stop();
});

/** A one-time link, as the admin copies it from our page. */
async function newLink(): Promise<string> {
  const res = await server.api('POST', '/lti/registration-links', undefined, { token: admin });
  expect(res.status).toBe(201);
  return res.body.data.link.url as string;
}

/** The LMS opens the link (with its parameters added) in its frame: our server, whatever the public address. */
async function lmsOpens(link: string, headers: Record<string, string> = {}) {
  const { pathname, search } = new URL(link);
  const res = await fetch(`${server.url}${pathname}${search}`, { headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

const platforms = async () => (await server.api('GET', '/lti/platforms', undefined, { token: admin })).body.data.platforms as Record<string, unknown>[];

describe('LTI Dynamic Registration', () => {
  it('registers the tool with the LMS from a one-time link, stores the platform it names, and closes the LMS’s frame', async () => {
    const link = await newLink();
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/api/lti/register\\?token=[\\w-]{40,}$`));

    const page = await lmsOpens(reg.linkFor(link));
    expect(page.status).toBe(200);
    expect(page.html).toContain(LTI_MSG.registrationDone);
    expect(page.html).toContain("(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');");
    // The LMS frames this page and runs its one script; nothing else is allowed.
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; .*frame-ancestors \*$/);

    expect(reg.received).toEqual([
      {
        application_type: 'web',
        response_types: ['id_token'],
        grant_types: ['implicit', 'client_credentials'],
        initiate_login_uri: `${PUBLIC_URL}/api/lti/login`,
        redirect_uris: [`${PUBLIC_URL}/api/lti/launch`],
        client_name: expect.any(String),
        jwks_uri: `${PUBLIC_URL}/api/lti/jwks`,
        token_endpoint_auth_method: 'private_key_jwt',
        scope: Object.values(LTI_SCOPES).join(' '),
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          domain: 'exams.school.example',
          target_link_uri: `${PUBLIC_URL}/api/lti/launch`,
          claims: expect.arrayContaining(['sub', 'name', 'email']),
          messages: [
            expect.objectContaining({ type: 'LtiResourceLinkRequest', target_link_uri: `${PUBLIC_URL}/api/lti/launch` }),
            expect.objectContaining({ type: 'LtiDeepLinkingRequest', target_link_uri: `${PUBLIC_URL}/api/lti/launch` }),
          ],
        },
      },
    ]);

    expect(await platforms()).toContainEqual(
      // What an admin would have typed for this LMS, filled in from its configuration and answer.
      expect.objectContaining({ ...platformUrls(lms), name: `moodle (${new URL(lms.url).host})`, authTokenAudience: null, registeredBy: 'dynamic', active: true }),
    );

    // The link was for one registration.
    const again = await lmsOpens(reg.linkFor(link));
    expect([again.status, again.html.includes(LTI_MSG.registrationLinkInvalid)]).toEqual([400, true]);
    expect(reg.received).toHaveLength(1);
  });

  it('without a valid link of ours, says so in the reader’s language, fetches nothing and stores nothing', async () => {
    const expired = await newLink();
    const token = new URL(expired).searchParams.get('token')!;
    await server.deps
      .db('lti_registration_links')
      .where({ token_hash: hashOpaqueToken(token) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const before = await platforms();

    for (const link of [`${PUBLIC_URL}/api/lti/register`, `${PUBLIC_URL}/api/lti/register?token=forged`, expired]) {
      const page = await lmsOpens(reg.linkFor(link), { 'accept-language': 'es' });
      expect(page.status).toBe(400);
      expect(page.html).toContain('Este enlace de registro no es válido');
      expect(page.html).not.toContain('org.imsglobal.lti.close');
    }
    expect(reg.configurationReads).toBe(0);
    expect(reg.received).toEqual([]);
    expect(await platforms()).toEqual(before);
  });

  it('refuses a configuration not served under the issuer it names, and the link still works once the LMS is right', async () => {
    const link = await newLink();
    reg.issuer = 'http://lms.elsewhere.example';
    const refused = await lmsOpens(reg.linkFor(link));
    expect([refused.status, refused.html.includes(LTI_MSG.registrationIssuerMismatch)]).toEqual([400, true]);
    expect(reg.received).toEqual([]);
    expect((await platforms()).some((p) => p.clientId === lms.clientId)).toBe(false);

    reg.issuer = lms.issuer;
    expect((await lmsOpens(reg.linkFor(link))).status).toBe(200);
    expect((await platforms()).some((p) => p.clientId === lms.clientId)).toBe(true);
  });

  it('when the LMS refuses the registration, answers 502, stores nothing, and keeps the link for another try', async () => {
    const link = await newLink();
    reg.refuseWith = 400;
    const refused = await lmsOpens(reg.linkFor(link));
    expect([refused.status, refused.html.includes(LTI_MSG.registrationRefused)]).toEqual([502, true]);
    expect((await platforms()).some((p) => p.clientId === lms.clientId)).toBe(false);

    // A registration token the LMS did not issue is refused by it in the same way.
    reg.refuseWith = undefined;
    const forged = new URL(reg.linkFor(link));
    forged.searchParams.set('registration_token', 'not-the-lms-token');
    expect((await lmsOpens(forged.toString())).status).toBe(502);

    expect((await lmsOpens(reg.linkFor(link))).status).toBe(200);
    expect((await platforms()).filter((p) => p.clientId === lms.clientId)).toHaveLength(1);
  });

  it('only admins make registration links', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const token = (await server.api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    expect((await server.api('POST', '/lti/registration-links', undefined, { token })).status).toBe(403);
    expect((await server.api('POST', '/lti/registration-links')).status).toBe(401);
  });
});
