import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * What an independently written client sends, following the documented calls, is accepted
 * and normalised; what is really wrong is still refused.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'teacher' | 'admin' | 'student') {
  const user = await buildUser(server.deps, { role });
  const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

/** '2027-01-15T09:30': what a datetime-local field gives, a year ahead so it is never past. */
const wall = (daysAhead: number, time: string) => {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${time}`;
};

const examPayload = (over: Record<string, unknown> = {}) => ({
  title: 'Algorithms quiz',
  description: 'Sorting, searching and complexity',
  subject: 'Computer Science',
  grade: 10,
  duration: 60,
  passingMarks: 50,
  schedule: { startDate: wall(30, '22:49'), endDate: wall(30, '23:59'), timezone: 'Asia/Kolkata' },
  ...over,
});

describe('exams written as a client sends them', () => {
  it('creates an exam from a displayed subject and datetime-local dates read in its time zone', async () => {
    const { token } = await signedIn('teacher');
    const res = await api('POST', '/exams', examPayload(), { token });
    expect(res.status).toBe(201);
    const exam = res.body.data.exam;
    expect(exam.subject).toBe('computer-science');
    // 22:49 in Kolkata (+05:30) is 17:19 UTC.
    expect(exam.schedule).toEqual({ startDate: `${wall(30, '17:19')}:00.000Z`, endDate: `${wall(30, '18:29')}:00.000Z`, timezone: 'Asia/Kolkata' });

    const edited = await api('PUT', `/exams/${exam._id}`, examPayload({ subject: 'MATHEMATICS', schedule: undefined, startTime: wall(31, '08:00'), endTime: wall(31, '09:00') }), { token });
    expect(edited.status).toBe(200);
    expect(edited.body.data.exam).toMatchObject({ subject: 'mathematics', schedule: { startDate: `${wall(31, '08:00')}:00.000Z`, timezone: 'UTC' } });

    const offset = await api('PUT', `/exams/${exam._id}`, examPayload({ schedule: { startDate: `${wall(32, '10:00')}:00+02:00`, endDate: `${wall(32, '12:00')}:00Z`, timezone: 'UTC' } }), { token });
    expect(offset.body.data.exam.schedule.startDate).toBe(`${wall(32, '08:00')}:00.000Z`);
  });

  it('still refuses an unknown subject and an end before the start', async () => {
    const { token } = await signedIn('teacher');
    const subject = await api('POST', '/exams', examPayload({ subject: 'Astrology' }), { token });
    expect(subject.status).toBe(400);
    expect(subject.body.errors).toEqual([{ field: 'subject', msg: EXAM_MSG.subjectUnknown }]);
    const order = await api('POST', '/exams', examPayload({ schedule: { startDate: wall(30, '10:00'), endDate: wall(30, '09:00'), timezone: 'Europe/Paris' } }), { token });
    expect(order.status).toBe(400);
    expect(order.body.errors).toEqual([{ field: 'schedule.endDate', msg: EXAM_MSG.endBeforeStart }]);
    const list = await api('GET', '/exams?subject=Astrology', undefined, { token });
    expect(list.status).toBe(400);
  });

  it('filters the exam and question lists by a displayed subject', async () => {
    const t = await signedIn('teacher');
    await buildExam(server.deps, t.user.id, { subject: 'computer-science', title: 'CS exam' });
    await buildExam(server.deps, t.user.id, { subject: 'history', title: 'History exam' });
    const exams = await api('GET', '/exams?subject=Computer%20Science', undefined, { token: t.token });
    expect(exams.body.data.exams.map((e: { title: string }) => e.title)).toEqual(['CS exam']);
    const created = await api('POST', '/questions', { text: 'Which sort is stable: merge or quick?', type: 'essay', subject: 'Computer Science', marks: 4, correctAnswer: null }, { token: t.token });
    expect(created.status).toBe(201);
    expect(created.body.data.question).toMatchObject({ subject: 'computer-science', type: 'essay' });
    const bank = await api('GET', '/questions?subject=computer%20science', undefined, { token: t.token });
    expect(bank.body.data.questions.map((q: { _id: string }) => q._id)).toEqual([created.body.data.question._id]);
  });

  it('creates essay and fill-blank questions sent with correctAnswer null, but no choice question without its key', async () => {
    const t = await signedIn('teacher');
    const blank = await api('POST', '/questions', { text: 'The largest planet is ____.', type: 'fill-blank', subject: 'Science', marks: 2, correctAnswer: null }, { token: t.token });
    expect(blank.status).toBe(201);
    const choice = await api('POST', '/questions', { text: 'Which is the largest planet?', type: 'multiple-choice', subject: 'Science', options: ['Mars', 'Jupiter'], correctAnswer: null }, { token: t.token });
    expect(choice.status).toBe(400);
    expect(choice.body.errors).toEqual([{ field: 'correctAnswer', msg: EXAM_MSG.invalidCorrectAnswer }]);
  });
});

describe('GET /exams', () => {
  it('answers each admin status with what its name says, beside the time statuses', async () => {
    const admin = await signedIn('admin');
    const owner = await buildUser(server.deps, { role: 'teacher' });
    const tag = `S${Date.now()}`;
    await buildExam(server.deps, owner.id, { title: `${tag} active`, state: 'upcoming' });
    const published = await buildExam(server.deps, owner.id, { title: `${tag} published`, state: 'ongoing' });
    await server.deps.db('exams').where({ id: published.id }).update({ is_active: false });
    await buildExam(server.deps, owner.id, { title: `${tag} draft`, published: false, state: 'completed' });
    const titles = async (status: string) => {
      const res = await api('GET', `/exams?status=${status}&search=${tag}`, undefined, { token: admin.token });
      expect(res.status).toBe(200);
      return { titles: res.body.data.exams.map((e: { title: string }) => e.title).sort(), total: res.body.data.total };
    };
    expect(await titles('active')).toEqual({ titles: [`${tag} active`], total: 1 });
    expect(await titles('published')).toEqual({ titles: [`${tag} published`], total: 1 });
    expect(await titles('draft')).toEqual({ titles: [`${tag} draft`], total: 1 });
    expect(await titles('ongoing')).toEqual({ titles: [`${tag} published`], total: 1 });
    expect(await titles('upcoming')).toEqual({ titles: [`${tag} active`], total: 1 });
    expect(await titles('completed')).toEqual({ titles: [`${tag} draft`], total: 1 });
    expect((await api('GET', '/exams?status=sometime', undefined, { token: admin.token })).status).toBe(400);
  });

  it('lists each exam with its question ids in order beside totalQuestions', async () => {
    const t = await signedIn('teacher');
    const exam = await buildExam(server.deps, t.user.id, { questions: 3 });
    const res = await api('GET', '/exams', undefined, { token: t.token });
    const item = res.body.data.exams.find((e: { _id: string }) => e._id === exam.id);
    expect(item).toMatchObject({ totalQuestions: 3, questions: exam.questionIds });
  });
});

describe('GET /exams/{id} for a student before starting', () => {
  it('gives each question’s id, type and points only, never its text, options or key', async () => {
    const owner = await buildUser(server.deps, { role: 'teacher' });
    const s = await signedIn('student');
    const exam = await buildExam(server.deps, owner.id, { questions: 2 });
    const res = await api('GET', `/exams/${exam.id}`, undefined, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.data.questions).toEqual(exam.questionIds.map((id) => ({ _id: id, type: 'multiple-choice', points: 2 })));
    expect(JSON.stringify(res.body)).not.toContain('two plus two');
    expect(JSON.stringify(res.body)).not.toContain('Four');

    // Once started, the taking screen reads the questions themselves.
    await api('POST', `/exams/${exam.id}/start`, undefined, { token: s.token });
    const during = await api('GET', `/exams/${exam.id}`, undefined, { token: s.token });
    expect(during.body.data.attemptId).toBeDefined();
    expect(during.body.data.questions[0].text).toContain('two plus two');
  });
});
