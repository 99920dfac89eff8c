import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { buildUser } from '../test/factories';
import { DEMO_PASSWORD, demoPasswordRefusal, seedDemo } from './demo';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('demo accounts in production', () => {
  it('gives nobody the demo sign-ins in production, even when the demo accounts exist', async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
    await seedDemo(server.deps);
    const res = await server.api('GET', '/demo/accounts');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ accounts: [], password: null });
    expect(JSON.stringify(res.body)).not.toContain(DEMO_PASSWORD);
  });

  it('refuses to start in production while an admin still has the demo password, and says how to fix it', async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
    await buildUser(server.deps, { role: 'admin', email: 'admin@example.com', password: DEMO_PASSWORD });
    const refusal = await demoPasswordRefusal(server.deps);
    expect(refusal).toMatch(/admin@example\.com/);
    expect(refusal).toMatch(/scripts\/reset-password\.ts/);
    // Once the password is changed (or the account deactivated), it starts.
    await server.deps.db('users').where({ email: 'admin@example.com' }).update({ is_active: false });
    expect(await demoPasswordRefusal(server.deps)).toBeUndefined();
  });

  it('starts in production with admins of their own passwords, and on a deliberate public demo (SEED_DEMO=true)', async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production' } });
    await buildUser(server.deps, { role: 'admin' });
    await buildUser(server.deps, { role: 'teacher', password: DEMO_PASSWORD });
    expect(await demoPasswordRefusal(server.deps)).toBeUndefined();
    await server.stop();
    server = await startTestServer({ env: { NODE_ENV: 'production', SEED_DEMO: 'true' } });
    await seedDemo(server.deps);
    expect(await demoPasswordRefusal(server.deps)).toBeUndefined();
    expect((await server.api('GET', '/demo/accounts')).body.data.password).toBe(DEMO_PASSWORD);
  });
});
