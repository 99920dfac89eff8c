import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { changeSettings } from '../../services/settings';

/** The scheduler sees an exam's start on its students' clocks: the zones they read times in. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const tokenOf = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

async function studentIn(grade: number, timezone?: string) {
  const user = await buildUser(server.deps, { role: 'student' });
  await server.deps.db('users').where({ id: user.id }).update({ grade });
  if (timezone) await changeSettings(server.deps.db, user.id, { preferences: { timezone } });
  return user;
}

describe('POST /exams/audience-zones', () => {
  it('counts the grade’s active students by the zone they read times in, most first, a student who never chose by the default', async () => {
    const teacher = await tokenOf((await buildUser(server.deps, { role: 'teacher' })).email);
    const berlin = [await studentIn(3, 'Europe/Berlin'), await studentIn(3, 'Europe/Berlin')];
    await studentIn(3, 'America/New_York');
    await studentIn(3);
    const gone = await studentIn(3, 'Asia/Tokyo');
    await server.deps.db('users').where({ id: gone.id }).update({ is_active: false });
    await studentIn(4, 'Asia/Kolkata');

    const byGrade = await api('POST', '/exams/audience-zones', { grade: 3 }, { token: teacher });
    expect(byGrade.status).toBe(200);
    expect(byGrade.body.data.zones).toEqual([
      { timezone: 'Europe/Berlin', students: 2 },
      { timezone: 'America/New_York', students: 1 },
      { timezone: 'UTC', students: 1 },
    ]);

    // An eligible list names the students, whatever their grade.
    const listed = await api('POST', '/exams/audience-zones', { grade: 4, eligibleStudents: [berlin[0]!.id] }, { token: teacher });
    expect(listed.body.data.zones).toEqual([{ timezone: 'Europe/Berlin', students: 1 }]);
    expect((await api('POST', '/exams/audience-zones', {}, { token: teacher })).body.data.zones).toEqual([]);
  });

  it('is for the staff, and refuses a grade that is not one', async () => {
    const student = await studentIn(3, 'Europe/Berlin');
    expect((await api('POST', '/exams/audience-zones', { grade: 3 }, { token: await tokenOf(student.email) })).status).toBe(403);
    const teacher = await tokenOf((await buildUser(server.deps, { role: 'teacher' })).email);
    const bad = await api('POST', '/exams/audience-zones', { grade: 40 }, { token: teacher });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Grade must be between 1 and 12');
  });
});
