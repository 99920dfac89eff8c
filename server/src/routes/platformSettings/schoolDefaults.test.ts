import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { userForLtiPerson } from '../../services/lti/identity';
import type { PlatformRow } from '../../services/lti/platforms';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  const admin = await buildUser(server.deps, { role: 'admin' });
  adminToken = (await server.api('POST', '/auth/login', { email: admin.email, password: TEST_PASSWORD })).body.data.accessToken as string;
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
let n = 0;
const email = () => `school-defaults-${Date.now()}-${++n}@school.test`;
const saveSchool = (change: Partial<PlatformSettings>) => api('PUT', '/platform-settings', { ...DEFAULT_PLATFORM_SETTINGS, ...change }, { token: adminToken });

/** What the new account's owner reads on their settings page once signed in. */
async function preferencesOf(address: string, password: string) {
  await server.deps.db('users').whereRaw('lower(email) = ?', [address]).update({ is_verified: true });
  const login = await api('POST', '/auth/login', { email: address, password });
  expect(login.status).toBe(200);
  const res = await api('GET', '/users/settings', undefined, { token: login.body.data.accessToken as string });
  return res.body.data.preferences as { timezone: string; language: string };
}

const visitor = (over: Record<string, unknown> = {}) => ({
  firstName: 'Lena',
  lastName: 'Brandt',
  email: email(),
  password: 'secret1',
  role: 'student',
  grade: 11,
  section: 'C',
  ...over,
});

describe('the school’s time zone and language', () => {
  it('are UTC and English until an admin chooses, and anyone may read them', async () => {
    const pub = await api('GET', '/platform-settings');
    expect(pub.body.data.settings).toMatchObject({ timezone: 'UTC', language: 'en' });
  });

  it('are set by an admin and refused with the catalogue text when unknown', async () => {
    const bad = await saveSchool({ timezone: 'Mars/Olympus', language: 'ja' as PlatformSettings['language'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'timezone', msg: 'Unknown time zone' }),
        expect.objectContaining({ field: 'language', msg: 'Must be one of: en, es, fr, de' }),
      ]),
    );
    const saved = await saveSchool({ timezone: 'Europe/Berlin', language: 'de' });
    expect(saved.status).toBe(200);
    expect((await api('GET', '/platform-settings')).body.data.settings).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
    expect((await api('GET', '/platform-settings/admin', undefined, { token: adminToken })).body.data.settings).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });
});

describe('a new account', () => {
  beforeAll(async () => {
    expect((await saveSchool({ timezone: 'Europe/Berlin', language: 'de' })).status).toBe(200);
  });
  afterAll(async () => {
    await saveSchool({});
  });

  it('registered from a browser that sent its zone and languages starts in them', async () => {
    const body = visitor({ timezone: 'America/Sao_Paulo', languages: ['pt-BR', 'es-419', 'en'] });
    expect((await api('POST', '/auth/register', body)).status).toBe(201);
    expect(await preferencesOf(body.email as string, 'secret1')).toMatchObject({ timezone: 'America/Sao_Paulo', language: 'es' });
  });

  it('registered with nothing usable from the browser starts in the school’s zone and language', async () => {
    const silent = visitor();
    expect((await api('POST', '/auth/register', silent)).status).toBe(201);
    expect(await preferencesOf(silent.email as string, 'secret1')).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });

    // A browser's odd values never refuse the account: they are passed over for the school's.
    const odd = visitor({ timezone: 'Mars/Olympus', languages: ['ja'] });
    expect((await api('POST', '/auth/register', odd, { headers: { 'accept-language': 'ja' } })).status).toBe(201);
    expect(await preferencesOf(odd.email as string, 'secret1')).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });

  it('registered with only an Accept-Language we speak takes that language and the school’s zone', async () => {
    const body = visitor();
    expect((await api('POST', '/auth/register', body, { headers: { 'accept-language': 'fr-CA,fr;q=0.9' } })).status).toBe(201);
    expect(await preferencesOf(body.email as string, 'secret1')).toMatchObject({ timezone: 'Europe/Berlin', language: 'fr' });
  });

  it('reset to the defaults goes back to the school’s zone and language, not UTC and English', async () => {
    const body = visitor({ timezone: 'America/Sao_Paulo', languages: ['es'] });
    expect((await api('POST', '/auth/register', body)).status).toBe(201);
    await server.deps.db('users').whereRaw('lower(email) = ?', [body.email]).update({ is_verified: true });
    const token = (await api('POST', '/auth/login', { email: body.email, password: 'secret1' })).body.data.accessToken as string;
    const reset = await api('POST', '/users/settings/reset', undefined, { token });
    expect(reset.body.data.settings.preferences).toMatchObject({ timezone: 'Europe/Berlin', language: 'de', theme: 'light' });
  });

  it('made by an admin starts in the school’s zone and language', async () => {
    const body = { firstName: 'Jonas', lastName: 'Weber', email: email(), password: 'secret1', role: 'teacher', subject: 'physics' };
    expect((await api('POST', '/auth/register', body, { token: adminToken })).status).toBe(201);
    expect(await preferencesOf(body.email, 'secret1')).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });

  it('invited by a class list starts in the school’s zone and language', async () => {
    const address = email();
    const csv = ['firstName,lastName,email,role,grade,section,subject,parentEmail', `Mia,Schulz,${address},student,7,B,,`].join('\r\n');
    const res = await api('POST', '/users/import/confirm', { csv }, { token: adminToken });
    expect(res.status).toBe(201);
    const user = (await server.deps.db('users').where({ email: address }).first('id')) as { id: string };
    const row = (await server.deps.db('user_settings').where({ user_id: user.id }).first('settings')) as { settings: { preferences?: Record<string, string> } };
    expect(row.settings.preferences).toMatchObject({ timezone: 'Europe/Berlin', language: 'de' });
  });

  it('made by an LMS launch starts in the language the LMS shows them, else the school’s, on the school’s zone', async () => {
    const db = server.deps.db;
    const [platform] = (await db('lti_platforms')
      .insert({
        name: 'School LMS',
        issuer: 'https://lms.school-defaults.test',
        client_id: 'tool-1',
        deployment_ids: JSON.stringify(['d1']),
        auth_login_url: 'https://lms.school-defaults.test/auth',
        auth_token_url: 'https://lms.school-defaults.test/token',
        keyset_url: 'https://lms.school-defaults.test/jwks',
      })
      .returning('*')) as PlatformRow[];
    const preferencesOfLti = async (userId: string) =>
      ((await db('user_settings').where({ user_id: userId }).first('settings')) as { settings: { preferences: Record<string, string> } }).settings.preferences;

    const french = await userForLtiPerson({ db }, platform!, { sub: 'lms-fr', roles: ['Learner'], givenName: 'Zoé', familyName: 'Martin', locale: 'fr-FR' });
    expect(await preferencesOfLti(french.id)).toMatchObject({ language: 'fr', timezone: 'Europe/Berlin' });
    const silent = await userForLtiPerson({ db }, platform!, { sub: 'lms-none', roles: ['Learner'], givenName: 'Max', familyName: 'Roth' });
    expect(await preferencesOfLti(silent.id)).toMatchObject({ language: 'de', timezone: 'Europe/Berlin' });
  });
});
