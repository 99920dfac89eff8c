import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, EXAM_MSG, SETTINGS_MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';
import { forgetPlatformSettings } from '../../services/platformSettings';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
let n = 0;
const student = (over: Record<string, unknown> = {}) => ({
  firstName: 'Maya',
  lastName: 'Lopez',
  email: `reg-${Date.now()}-${++n}@school.test`,
  password: 'secret1',
  role: 'student',
  grade: 11,
  section: 'C',
  ...over,
});

async function tokenFor(role: 'admin' | 'teacher') {
  const user = await buildUser(server.deps, { role });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

describe('platform settings', () => {
  it('serves the defaults publicly, and only admins read all or change them', async () => {
    const pub = await api('GET', '/platform-settings');
    expect(pub.status).toBe(200);
    expect(pub.body.data.settings).toEqual({
      schoolName: DEFAULT_PLATFORM_SETTINGS.schoolName,
      timezone: DEFAULT_PLATFORM_SETTINGS.timezone,
      language: DEFAULT_PLATFORM_SETTINGS.language,
      registration: DEFAULT_PLATFORM_SETTINGS.registration,
      examDefaults: DEFAULT_PLATFORM_SETTINGS.examDefaults,
      gradingScale: DEFAULT_PLATFORM_SETTINGS.gradingScale,
    });
    const teacher = await tokenFor('teacher');
    expect((await api('GET', '/platform-settings/admin', undefined, { token: teacher.token })).status).toBe(403);
    expect((await api('PUT', '/platform-settings', DEFAULT_PLATFORM_SETTINGS, { token: teacher.token })).status).toBe(403);
    expect((await api('POST', '/platform-settings/test-email', undefined, { token: teacher.token })).status).toBe(403);
    expect((await api('PUT', '/platform-settings', DEFAULT_PLATFORM_SETTINGS)).status).toBe(401);
  });

  it('refuses bad settings with field messages', async () => {
    const { token } = await tokenFor('admin');
    const bad = await api('PUT', '/platform-settings', { ...DEFAULT_PLATFORM_SETTINGS, schoolName: 'x', registration: { open: true, roles: ['student'], allowedDomains: ['not a domain'] } }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['registration.allowedDomains.0', 'schoolName']);
    expect((await api('PUT', '/platform-settings', { nonsense: true }, { token })).status).toBe(400);
  });

  it('applies a saved change at once, and registration follows it', async () => {
    const admin = await tokenFor('admin');
    const save = (settings: typeof DEFAULT_PLATFORM_SETTINGS) => api('PUT', '/platform-settings', settings, { token: admin.token });

    const renamed = await save({ ...DEFAULT_PLATFORM_SETTINGS, schoolName: 'Hillside Academy', registration: { open: true, roles: ['student'], allowedDomains: ['hillside.edu'] } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(SETTINGS_MSG.saved);
    expect((await api('GET', '/platform-settings')).body.data.settings.schoolName).toBe('Hillside Academy');

    const outsider = await api('POST', '/auth/register', student({ email: `kid-${n++}@gmail.com` }));
    expect(outsider.status).toBe(400);
    expect(outsider.body.errors).toEqual([{ field: 'email', msg: `${SETTINGS_MSG.domainRefused} (hillside.edu)` }]);
    expect((await api('POST', '/auth/register', student({ email: `kid-${n++}@pupils.hillside.edu` }))).status).toBe(201);
    const parentReg = await api('POST', '/auth/register', { firstName: 'Pa', lastName: 'Rent', email: `p-${n++}@hillside.edu`, password: 'secret1', role: 'parent' });
    expect(parentReg.status).toBe(403);
    expect(parentReg.body.message).toBe(SETTINGS_MSG.roleClosed);

    await save({ ...DEFAULT_PLATFORM_SETTINGS, registration: { open: false, roles: ['student'], allowedDomains: [] } });
    const closed = await api('POST', '/auth/register', student());
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe(SETTINGS_MSG.registrationClosed);
    // An admin creating an account is not a visitor.
    expect((await api('POST', '/auth/register', student(), { token: admin.token })).status).toBe(201);

    await save(DEFAULT_PLATFORM_SETTINGS);
    expect((await api('POST', '/auth/register', student())).status).toBe(201);
  });

  it('refuses proctoring allowances out of range with the field messages', async () => {
    const { token } = await tokenFor('admin');
    const bad = await api(
      'PUT',
      '/platform-settings',
      { ...DEFAULT_PLATFORM_SETTINGS, examDefaults: { duration: 60, passingMarks: 60, proctoring: { tabSwitchesAllowed: -1, fullscreenExitsAllowed: 21 } } },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'examDefaults.proctoring.tabSwitchesAllowed', msg: EXAM_MSG.tabSwitchesAllowedRange },
      { field: 'examDefaults.proctoring.fullscreenExitsAllowed', msg: EXAM_MSG.fullscreenExitsAllowedRange },
    ]);
  });

  it('reads settings saved before the proctoring allowances existed with the long-standing ones', async () => {
    const { token } = await tokenFor('admin');
    const { proctoring: _, ...oldDefaults } = DEFAULT_PLATFORM_SETTINGS.examDefaults;
    await server.deps.db('platform_settings').where({ id: 1 }).delete();
    await server.deps.db('platform_settings').insert({ id: 1, settings: JSON.stringify({ ...DEFAULT_PLATFORM_SETTINGS, schoolName: 'Old School', examDefaults: { ...oldDefaults, duration: 45 } }) });
    forgetPlatformSettings(server.deps);
    const read = (await api('GET', '/platform-settings/admin', undefined, { token })).body.data.settings;
    expect(read.schoolName).toBe('Old School');
    expect(read.examDefaults).toEqual({ duration: 45, passingMarks: 60, proctoring: { tabSwitchesAllowed: 3, fullscreenExitsAllowed: 2 } });
    await api('PUT', '/platform-settings', DEFAULT_PLATFORM_SETTINGS, { token });
  });

  it("starts a new exam from the school's proctoring allowances, and that exam keeps them", async () => {
    const admin = await tokenFor('admin');
    const teacher = await tokenFor('teacher');
    const schoolDefaults = { duration: 45, passingMarks: 70, proctoring: { tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 } };
    expect((await api('PUT', '/platform-settings', { ...DEFAULT_PLATFORM_SETTINGS, examDefaults: schoolDefaults }, { token: admin.token })).status).toBe(200);
    expect((await api('GET', '/platform-settings')).body.data.settings.examDefaults).toEqual(schoolDefaults);

    const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
    const exam = (proctoring: Record<string, unknown>) => ({
      title: 'Algebra mid-term',
      description: 'Linear equations, inequalities and graphs',
      subject: 'mathematics',
      grade: 10,
      duration: 90,
      passingMarks: 50,
      schedule: { startDate: inHours(2), endDate: inHours(5), timezone: 'UTC' },
      settings: { proctoring: { enabled: true, ...proctoring } },
    });
    const left = await api('POST', '/exams', exam({}), { token: teacher.token });
    expect(left.status).toBe(201);
    expect(left.body.data.exam.settings.proctoring).toMatchObject({ enabled: true, tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 });
    const chosen = await api('POST', '/exams', exam({ tabSwitchesAllowed: 5, fullscreenExitsAllowed: '4' }), { token: teacher.token });
    expect(chosen.body.data.exam.settings.proctoring).toMatchObject({ tabSwitchesAllowed: 5, fullscreenExitsAllowed: 4 });
    const refused = await api('POST', '/exams', exam({ tabSwitchesAllowed: 2.5 }), { token: teacher.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'settings.proctoring.tabSwitchesAllowed', msg: EXAM_MSG.tabSwitchesAllowedRange }]);

    // Later changes of the school's defaults, and edits that leave the allowances out, keep the exam's own.
    await api('PUT', '/platform-settings', DEFAULT_PLATFORM_SETTINGS, { token: admin.token });
    const id = left.body.data.exam._id as string;
    const edited = await api('PUT', `/exams/${id}`, { ...exam({}), title: 'Algebra final' }, { token: teacher.token });
    expect(edited.status).toBe(200);
    const detail = await api('GET', `/exams/${id}`, undefined, { token: teacher.token });
    expect(detail.body.data.exam).toMatchObject({ title: 'Algebra final', settings: { proctoring: { tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 } } });
  });

  it('sends a test e-mail to the admin and says where it went', async () => {
    const admin = await tokenFor('admin');
    const res = await api('POST', '/platform-settings/test-email', undefined, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${SETTINGS_MSG.testMailSent} to ${admin.user.email} (dev outbox, not delivered)`);
    expect(outbox(server.dataDir, admin.user.email).at(-1)?.subject).toBe('ExamPortal: test e-mail');
  });
});
