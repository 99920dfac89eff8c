import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEB_MSG, sebConfigPath } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { configKeyOfFile } from '../../services/seb/configKey';
import { readSebFile } from '../../services/seb/plist';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const login = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
const publicUrl = () => server.deps.config.publicUrl;

async function download(path: string, token?: string) {
  const res = await fetch(`${server.url}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
}

async function teacherExam(requireSeb = true, title = 'Physics — Mid-term') {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { title, settings: { requireSeb } });
  return { teacher, exam, token: await login(teacher.email) };
}

describe('an exam’s .seb file', () => {
  it('gives its teacher a file that starts the exam, quits on our page, keeps SEB on our host and sends its keys', async () => {
    const { exam, token } = await teacherExam();
    const file = await download(`/seb/exams/${exam.id}/file`, token);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/seb');
    expect(file.disposition).toContain('Physics-Mid-term.seb');
    const settings = readSebFile(file.bytes);
    const host = new URL(publicUrl()).host;
    expect(settings).toMatchObject({
      startURL: `${publicUrl()}/exam/${exam.id}`,
      quitURL: `${publicUrl()}/seb/quit`,
      sendBrowserExamKey: true,
      sebConfigPurpose: 0,
      URLFilterEnable: true,
      URLFilterRules: [{ action: 1, active: true, expression: `http://.${host}/*`, regex: false }],
    });
    // No quit or admin password: the file is public and holds no secret.
    expect(Object.keys(settings).filter((k) => /password/i.test(k))).toEqual([]);
  });

  it('is the same file with the same Config Key every time, and tells its staff that key', async () => {
    const { exam, token } = await teacherExam();
    const a = await download(`/seb/exams/${exam.id}/file`, token);
    const b = await download(`/seb/exams/${exam.id}/file`, token);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    const info = await server.api('GET', `/seb/exams/${exam.id}`, undefined, { token });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({
      examId: exam.id,
      required: true,
      configKey: configKeyOfFile(a.bytes),
      configUrl: `${publicUrl()}${sebConfigPath(exam.id)}`,
      sebUrl: `${publicUrl().replace(/^http/, 'seb')}${sebConfigPath(exam.id)}`,
    });
    // Another exam, another file.
    const other = await teacherExam();
    expect(configKeyOfFile((await download(`/seb/exams/${other.exam.id}/file`, other.token)).bytes)).not.toBe(info.body.data.configKey);
  });

  it('is served without a session to SEB for an exam that requires it, and to nobody for one that does not', async () => {
    const { exam, token } = await teacherExam();
    const open = await download(sebConfigPath(exam.id).replace(/^\/api/, ''));
    expect(open.status).toBe(200);
    expect(open.bytes.equals((await download(`/seb/exams/${exam.id}/file`, token)).bytes)).toBe(true);
    const plain = await teacherExam(false);
    const refused = await server.api('GET', sebConfigPath(plain.exam.id).replace(/^\/api/, ''));
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(SEB_MSG.fileNotFound);
  });

  it('is for the exam’s staff only: not another teacher, not a student', async () => {
    const { exam } = await teacherExam();
    const stranger = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    expect((await download(`/seb/exams/${exam.id}/file`, await login(stranger.email))).status).toBe(403);
    expect((await server.api('GET', `/seb/exams/${exam.id}`, undefined, { token: await login(student.email) })).status).toBe(403);
    expect((await download(`/seb/exams/${exam.id}/file`)).status).toBe(401);
    const admin = await buildUser(server.deps, { role: 'admin' });
    expect((await download(`/seb/exams/${exam.id}/file`, await login(admin.email))).status).toBe(200);
  });
});
