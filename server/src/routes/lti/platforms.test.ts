import { DEFAULT_PLATFORM_SETTINGS, LTI_MSG, LTI_SCOPES } from '@exam/shared';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLtiKeyCleanup } from '../../jobs/ltiKeys';
import { signAsTool } from '../../services/lti/keys';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { platformUrls, startFakeLms, type FakeLms } from '../../test/fakeLms';
import { startTestServer, type TestServer } from '../../test/harness';

// http: a secure refresh cookie cannot be set over the test's plain connection.
const PUBLIC_URL = 'http://exams.school.example';

let server: TestServer;
let lms: FakeLms;
let admin: string;
let teacher: string;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL } });
  lms = await startFakeLms();
  lms.toolJwksUrl = `${server.url}/api/lti/jwks`;
  const tokenFor = async (role: 'admin' | 'teacher') => {
    const user = await buildUser(server.deps, { role });
    return (await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  };
  [admin, teacher] = await Promise.all([tokenFor('admin'), tokenFor('teacher')]);
});
afterAll(async () => {
  await lms?.stop();
  await server?.stop();
});

const moodle = (over: Record<string, unknown> = {}) => ({ name: 'School Moodle', ...platformUrls(lms), ...over });

describe('the school’s LMS platforms', () => {
  it('admins add, list, edit, deactivate and delete a platform; nobody else touches them', async () => {
    const added = await server.api('POST', '/lti/platforms', moodle(), { token: admin });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe(LTI_MSG.platformCreated);
    const id = added.body.data.platform.id as string;
    expect(added.body.data.platform).toMatchObject({ ...moodle(), authTokenAudience: null, active: true, registeredBy: 'manual' });

    const listed = await server.api('GET', '/lti/platforms', undefined, { token: admin });
    expect(listed.body.data.platforms.map((p: { id: string }) => p.id)).toContain(id);

    const edited = await server.api('PUT', `/lti/platforms/${id}`, moodle({ name: 'Moodle (archive)', deploymentIds: ['1', '2'], active: false }), { token: admin });
    expect(edited.status).toBe(200);
    expect(edited.body.data.platform).toMatchObject({ name: 'Moodle (archive)', deploymentIds: ['1', '2'], active: false, registeredBy: 'manual' });

    for (const token of [teacher, undefined]) {
      const status = token ? 403 : 401;
      expect((await server.api('GET', '/lti/platforms', undefined, { token })).status).toBe(status);
      expect((await server.api('POST', '/lti/platforms', moodle({ clientId: 'other' }), { token })).status).toBe(status);
      expect((await server.api('PUT', `/lti/platforms/${id}`, moodle(), { token })).status).toBe(status);
      expect((await server.api('DELETE', `/lti/platforms/${id}`, undefined, { token })).status).toBe(status);
    }

    const deleted = await server.api('DELETE', `/lti/platforms/${id}`, undefined, { token: admin });
    expect(deleted.body.message).toBe(LTI_MSG.platformDeleted);
    expect((await server.api('GET', '/lti/platforms', undefined, { token: admin })).body.data.platforms.map((p: { id: string }) => p.id)).not.toContain(id);
    const gone = await server.api('PUT', `/lti/platforms/${id}`, moodle(), { token: admin });
    expect([gone.status, gone.body.message]).toEqual([404, LTI_MSG.platformNotFound]);
    expect((await server.api('DELETE', `/lti/platforms/${id}`, undefined, { token: admin })).status).toBe(404);
  });

  it('refuses an issuer and client id already registered, and takes the same issuer with another client id (Canvas Cloud)', async () => {
    const canvas = (clientId: string) => ({
      name: `Canvas ${clientId}`,
      issuer: 'https://canvas.instructure.com',
      clientId,
      deploymentIds: [`${clientId}:deployment`],
      authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      authTokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
      keysetUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
    });
    const first = await server.api('POST', '/lti/platforms', canvas('10000000000001'), { token: admin });
    expect(first.status).toBe(201);
    const again = await server.api('POST', '/lti/platforms', { ...canvas('10000000000001'), name: 'Canvas again' }, { token: admin });
    expect([again.status, again.body.message, again.body.errors]).toEqual([409, LTI_MSG.platformExists, [{ field: 'clientId', msg: LTI_MSG.platformExists }]]);
    const otherSchool = await server.api('POST', '/lti/platforms', canvas('10000000000002'), { token: admin });
    expect(otherSchool.status).toBe(201);
    // Editing one into the other's pair is the same conflict.
    const clash = await server.api('PUT', `/lti/platforms/${otherSchool.body.data.platform.id}`, canvas('10000000000001'), { token: admin });
    expect([clash.status, clash.body.message]).toEqual([409, LTI_MSG.platformExists]);
  });

  it('refuses a platform without a deployment or with a URL that is not one, field by field', async () => {
    const bad = await server.api('POST', '/lti/platforms', moodle({ clientId: 'x', deploymentIds: [], keysetUrl: 'javascript:alert(1)' }), { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'deploymentIds', msg: LTI_MSG.platformDeploymentRequired },
      { field: 'keysetUrl', msg: LTI_MSG.platformUrlInvalid },
    ]);
  });
});

describe('our signing keys', () => {
  const kids = async () => ((await server.api('GET', '/lti/jwks')).body.keys as { kid: string }[]).map((k) => k.kid);

  it('publishes the keyset to anyone, and a JWT signed before a rotation still verifies after it', async () => {
    const jwks = await server.api('GET', '/lti/jwks');
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=300');
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.body.keys[0]).not.toHaveProperty('d');

    const before = await signAsTool(server.deps.db, { iss: lms.clientId, aud: lms.issuer }, { expiresIn: '1h' });
    await expect(lms.verifyFromTool(before, lms.issuer)).resolves.toMatchObject({ iss: lms.clientId });

    expect((await server.api('POST', '/lti/keys/rotate', undefined, { token: teacher })).status).toBe(403);
    const rotated = await server.api('POST', '/lti/keys/rotate', undefined, { token: admin });
    expect([rotated.status, rotated.body.message]).toEqual([200, LTI_MSG.keysRotated]);
    const newKid = rotated.body.data.kid as string;
    const oldKid = decodeProtectedHeader(before).kid!;
    expect(await kids()).toEqual([newKid, oldKid]);

    // In flight: signed with the old key, checked after the rotation.
    await expect(lms.verifyFromTool(before, lms.issuer)).resolves.toMatchObject({ iss: lms.clientId });
    const after = await signAsTool(server.deps.db, { iss: lms.clientId, aud: lms.issuer });
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    await expect(lms.verifyFromTool(after, lms.issuer)).resolves.toMatchObject({ iss: lms.clientId });
  });

  it('stops publishing a key a week after it was rotated out, and what it signed no longer verifies', async () => {
    const old = await signAsTool(server.deps.db, { iss: lms.clientId, aud: lms.issuer }, { expiresIn: '1h' });
    const oldKid = decodeProtectedHeader(old).kid!;
    await server.api('POST', '/lti/keys/rotate', undefined, { token: admin });
    const recentKid = decodeProtectedHeader(await signAsTool(server.deps.db, {})).kid!;
    await server.api('POST', '/lti/keys/rotate', undefined, { token: admin });
    // The first rotated out eight days ago, the second just now.
    await server.deps
      .db('lti_keys')
      .where({ kid: oldKid })
      .update({ retired_at: new Date(Date.now() - 8 * 24 * 3600_000) });

    const job = startLtiKeyCleanup(server.deps, 20);
    try {
      await expect.poll(kids, { timeout: 10_000 }).not.toContain(oldKid);
    } finally {
      await job.stop();
    }
    expect(await kids()).toContain(recentKid);
    await expect(lms.verifyFromTool(old, lms.issuer)).rejects.toThrow();
  });
});

describe('what an LMS’s admin pastes', () => {
  it('gives the launch, login, redirect, keyset, deep-linking and registration URLs under the public address, with the school’s name', async () => {
    const res = await server.api('GET', '/lti/config');
    expect(res.status).toBe(200);
    expect(res.body.data.config).toEqual({
      title: DEFAULT_PLATFORM_SETTINGS.schoolName,
      targetLinkUri: `${PUBLIC_URL}/api/lti/launch`,
      loginUrl: `${PUBLIC_URL}/api/lti/login`,
      redirectUrls: [`${PUBLIC_URL}/api/lti/launch`],
      keysetUrl: `${PUBLIC_URL}/api/lti/jwks`,
      deepLinkingUrl: `${PUBLIC_URL}/api/lti/launch`,
      dynamicRegistrationUrl: `${PUBLIC_URL}/api/lti/register`,
      canvasConfigUrl: `${PUBLIC_URL}/api/lti/canvas.json`,
      scopes: Object.values(LTI_SCOPES),
    });
  });

  it('serves the same values as Canvas’s JSON developer key, with deep-linking placements', async () => {
    const res = await server.api('GET', '/lti/canvas.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: DEFAULT_PLATFORM_SETTINGS.schoolName,
      oidc_initiation_url: `${PUBLIC_URL}/api/lti/login`,
      target_link_uri: `${PUBLIC_URL}/api/lti/launch`,
      public_jwk_url: `${PUBLIC_URL}/api/lti/jwks`,
      scopes: Object.values(LTI_SCOPES),
      extensions: [{ domain: 'exams.school.example', platform: 'canvas.instructure.com', privacy_level: 'public' }],
    });
    expect(res.body.extensions[0].settings.placements).toEqual([
      expect.objectContaining({ placement: 'link_selection', message_type: 'LtiDeepLinkingRequest', target_link_uri: `${PUBLIC_URL}/api/lti/launch` }),
      expect.objectContaining({ placement: 'assignment_selection', message_type: 'LtiDeepLinkingRequest', target_link_uri: `${PUBLIC_URL}/api/lti/launch` }),
    ]);
  });
});
