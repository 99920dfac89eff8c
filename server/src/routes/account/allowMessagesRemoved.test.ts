import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up, down } from '../../../../migrations/20261130090100_drop_allow_messages_setting';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function signedIn() {
  const user = await buildUser(server.deps);
  const token = (await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

// No messages pass between users for such a switch to govern; a proctor's message always reaches the student.
describe('no “Allow messages” switch that nothing obeys', () => {
  it('offers no such setting and refuses to save one', async () => {
    const { token } = await signedIn();
    const settings = await server.api('GET', '/users/settings', undefined, { token });
    expect(settings.body.data.settings.privacy).toEqual({ profileVisibility: 'public', showEmail: false, showPhone: false });
    const put = await server.api('PUT', '/users/settings', { category: 'privacy', key: 'allowMessages', value: false }, { token });
    expect(put.status).toBe(400);
    expect(put.body.errors).toEqual([{ field: 'key', msg: 'Unknown setting: privacy.allowMessages' }]);
  });

  it('drops a stored choice of it, keeping every other choice (and puts the old default back on the way down)', async () => {
    const { user } = await signedIn();
    const stored = { privacy: { profileVisibility: 'private', showEmail: true, showPhone: false, allowMessages: false }, preferences: { language: 'fr' } };
    await server.deps.db('user_settings').where({ user_id: user.id }).update({ settings: JSON.stringify(stored) });
    const read = async () => ((await server.deps.db('user_settings').where({ user_id: user.id }).first('settings')) as { settings: Record<string, Record<string, unknown>> }).settings;

    await up(server.deps.db);
    expect(await read()).toEqual({ privacy: { profileVisibility: 'private', showEmail: true, showPhone: false }, preferences: { language: 'fr' } });
    await up(server.deps.db);
    expect((await read()).privacy).not.toHaveProperty('allowMessages');

    await down(server.deps.db);
    expect((await read()).privacy).toEqual({ profileVisibility: 'private', showEmail: true, showPhone: false, allowMessages: true });
    await up(server.deps.db);
  });
});
