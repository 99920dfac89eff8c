import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG, MSG } from '@exam/shared';
import { buildAttempt, buildExam, buildQuestion, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

async function signedIn(props: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(server.deps, props);
  const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

const examPayload = (over: Record<string, unknown> = {}) => ({
  title: 'Algebra mid-term',
  description: 'Linear equations, inequalities and graphs',
  subject: 'mathematics',
  grade: 10,
  duration: 90,
  passingMarks: 50,
  schedule: { startDate: inHours(2), endDate: inHours(5), timezone: 'UTC' },
  ...over,
});

const wizardQuestions = [
  { text: 'What is 7 multiplied by 6?', type: 'multiple-choice', subject: 'mathematics', options: ['42', '36', '', ''], correctAnswer: '42', points: 2 },
  { text: 'The square root of 81 is 9.', type: 'true-false', subject: 'mathematics', correctAnswer: 'True' },
  { text: 'Explain why a negative times a negative is positive.', type: 'essay', subject: 'mathematics', points: 5, sampleAnswer: 'Distributivity…' },
  { text: 'The capital of France is ____.', type: 'fill-blanks', subject: 'geography', correctAnswer: ['Paris'] },
];

describe('creating an exam (the wizard call)', () => {
  it('creates the exam, its questions and their links in one call', async () => {
    const { token } = await signedIn({ role: 'teacher' });
    const res = await api('POST', '/exams', examPayload({ questions: wizardQuestions, tags: ['Algebra', 'algebra', 'term-1'] }), { token });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Exam created successfully!');
    const exam = res.body.data.exam;
    expect(exam).toMatchObject({ totalQuestions: 4, totalMarks: 9, duration: 90, examType: 'practice', difficulty: 'medium', isPublished: false, tags: ['algebra', 'term-1'], status: 'upcoming' });
    expect(exam.settings.proctoring.preventTabSwitching).toBe(true);
    const detail = await api('GET', `/exams/${exam._id}`, undefined, { token });
    expect(detail.body.data.exam.questions.map((q: { type: string }) => q.type)).toEqual(['multiple-choice', 'true-false', 'essay', 'fill-blank']);
    expect(detail.body.data.exam.questions[0].options).toEqual([{ text: '42', isCorrect: true }, { text: '36', isCorrect: false }]);
  });

  it('leaves nothing behind when a part fails, and says which question was wrong', async () => {
    const { user, token } = await signedIn({ role: 'teacher' });
    const bad = [...wizardQuestions.slice(0, 2), { ...wizardQuestions[0], correctAnswer: 'nope' }];
    const res = await api('POST', '/exams', examPayload({ questions: bad }), { token });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'questions.2.correctAnswer', msg: EXAM_MSG.invalidCorrectAnswer }]);
    const other = await buildUser(server.deps, { role: 'teacher' });
    const foreign = await buildQuestion(server.deps, other.id);
    const stolen = await api('POST', '/exams', examPayload({ questions: wizardQuestions, questionIds: [foreign.id] }), { token });
    expect(stolen.status).toBe(403);
    expect(await server.deps.db('exams').where({ owner_id: user.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await server.deps.db('questions').where({ owner_id: user.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it.each([
    [{ title: 'ab' }, EXAM_MSG.titleTooShort],
    [{ description: 'too short' }, EXAM_MSG.descriptionTooShort],
    [{ duration: 0 }, EXAM_MSG.durationTooShort],
    [{ passingMarks: -5 }, EXAM_MSG.passingMarksInvalid],
    [{ schedule: { startDate: inHours(5), endDate: inHours(2) } }, EXAM_MSG.endBeforeStart],
    [{ schedule: { startDate: inHours(-3), endDate: inHours(2) } }, EXAM_MSG.startInPast],
    [{ subject: 'astrology' }, EXAM_MSG.subjectUnknown],
    [{ grade: 13 }, EXAM_MSG.gradeInvalid],
    [{ settings: { allowMultipleAttempts: true, maxAttempts: 0 } }, EXAM_MSG.maxAttemptsRange],
    [{ questions: [{ ...wizardQuestions[0], text: 'Too short' }] }, EXAM_MSG.questionTextTooShort],
    [{ questions: [{ ...wizardQuestions[0], options: ['42', '', '', ''] }] }, EXAM_MSG.optionsTooFew],
    [{ isPublished: true }, EXAM_MSG.publishNeedsQuestion],
  ])('refuses %o with its message', async (over, message) => {
    const { token } = await signedIn({ role: 'teacher' });
    const res = await api('POST', '/exams', examPayload(over), { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('lets only teachers and admins create exams', async () => {
    for (const role of ['student', 'parent'] as const) {
      const { token } = await signedIn({ role });
      expect((await api('POST', '/exams', examPayload(), { token })).status).toBe(403);
    }
    const { token } = await signedIn({ role: 'admin' });
    expect((await api('POST', '/exams', examPayload(), { token })).status).toBe(201);
  });
});

describe('who sees and changes what', () => {
  it('keeps one teacher out of another teacher’s exam', async () => {
    const a = await signedIn({ role: 'teacher' });
    const b = await signedIn({ role: 'teacher' });
    const exam = await buildExam(server.deps, a.user.id, { state: 'upcoming', published: false });
    for (const [method, path, body] of [
      ['GET', `/exams/${exam.id}`],
      ['PUT', `/exams/${exam.id}`, examPayload()],
      ['DELETE', `/exams/${exam.id}`],
      ['PUT', `/exams/${exam.id}/publish`],
      ['GET', `/exams/${exam.id}/questions`],
      ['DELETE', `/exams/${exam.id}/questions/${exam.questionIds[0]}`],
    ] as const) {
      const res = await api(method, path, body, { token: b.token });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
    }
    const list = await api('GET', '/exams?limit=100', undefined, { token: b.token });
    expect(list.body.data.exams.map((e: { _id: string }) => e._id)).not.toContain(exam.id);
    const own = await api('GET', '/exams?limit=100', undefined, { token: a.token });
    expect(own.body.data.exams.map((e: { _id: string }) => e._id)).toContain(exam.id);
  });

  it('lets an admin see and change any exam', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id, { state: 'upcoming', published: false });
    const { token } = await signedIn({ role: 'admin' });
    expect((await api('GET', `/exams/${exam.id}`, undefined, { token })).status).toBe(200);
    expect((await api('PUT', `/exams/${exam.id}/publish`, undefined, { token })).status).toBe(200);
  });

  it('shows a student only published exams of their grade or listing them, without any answer key', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const s = await signedIn({ role: 'student' }); // grade 10
    const mine = await buildExam(server.deps, teacher.id, { grade: 10 });
    const draft = await buildExam(server.deps, teacher.id, { grade: 10, published: false });
    const otherGrade = await buildExam(server.deps, teacher.id, { grade: 11 });
    const listedMe = await buildExam(server.deps, teacher.id, { grade: 11, eligible: [s.user.id] });
    const classmate = await buildUser(server.deps, { role: 'student' });
    const listedOther = await buildExam(server.deps, teacher.id, { grade: 10, eligible: [classmate.id] });

    const list = await api('GET', '/exams?limit=100', undefined, { token: s.token });
    const ids = list.body.data.exams.map((e: { _id: string }) => e._id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, listedMe.id]));
    for (const hidden of [draft.id, otherGrade.id, listedOther.id]) expect(ids).not.toContain(hidden);
    expect(JSON.stringify(list.body)).not.toMatch(/correctAnswer|isCorrect|explanation|eligibleStudents":\["/);

    const detail = await api('GET', `/exams/${mine.id}`, undefined, { token: s.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.exam.questions).toBeUndefined();
    expect(JSON.stringify(detail.body)).not.toMatch(/correctAnswer|isCorrect/);

    const denied = await api('GET', `/exams/${draft.id}`, undefined, { token: s.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(EXAM_MSG.notAccessible);
    expect((await api('GET', `/exams/${mine.id}/questions`, undefined, { token: s.token })).status).toBe(403);
    expect((await api('GET', '/exams/00000000-0000-4000-8000-000000000000', undefined, { token: s.token })).status).toBe(404);
    expect((await api('GET', '/exams/not-a-uuid', undefined, { token: s.token })).status).toBe(404);
  });

  it('tells a student how many attempts they have made', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const s = await signedIn({ role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { settings: { allowMultipleAttempts: true, maxAttempts: 3 } });
    const first = await buildAttempt(server.deps, exam.id, s.user.id, 1);
    const detail = await api('GET', `/exams/${exam.id}`, undefined, { token: s.token });
    // The latest finished attempt is named so the card's 'View Result' opens it.
    expect(detail.body.data.exam.userAttempts).toEqual({ hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, inProgress: false, lastSubmissionId: first.id });
    // An attempt in progress is not a result yet.
    await buildAttempt(server.deps, exam.id, s.user.id, 2, 'in_progress');
    const again = await api('GET', `/exams/${exam.id}`, undefined, { token: s.token });
    expect(again.body.data.exam.userAttempts).toMatchObject({ attemptCount: 2, inProgress: true, lastSubmissionId: first.id });
  });

  it('shows a parent the exams of their linked children only', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const parent = await signedIn({ role: 'parent' });
    const child = await buildUser(server.deps, { role: 'student' });
    await server.deps.db('parent_children').insert({ parent_id: parent.user.id, child_id: child.id, relationship: 'mother', status: 'accepted' });
    const childs = await buildExam(server.deps, teacher.id, { grade: 12, eligible: [child.id] });
    const others = await buildExam(server.deps, teacher.id, { grade: 12 });
    const list = await api('GET', '/exams?limit=100', undefined, { token: parent.token });
    const ids = list.body.data.exams.map((e: { _id: string }) => e._id);
    expect(ids).toContain(childs.id);
    expect(ids).not.toContain(others.id);
    expect((await api('GET', `/exams/${others.id}`, undefined, { token: parent.token })).status).toBe(403);
  });
});

describe('the catalogue', () => {
  it('pages by 10, sorts by start time descending by default, and counts by status', async () => {
    const t = await signedIn({ role: 'teacher' });
    for (let i = 0; i < 6; i++) await buildExam(server.deps, t.user.id, { state: 'upcoming', questions: 0 });
    for (let i = 0; i < 4; i++) await buildExam(server.deps, t.user.id, { state: 'ongoing', questions: 0 });
    for (let i = 0; i < 2; i++) await buildExam(server.deps, t.user.id, { state: 'completed', questions: 0, published: false });
    const first = await api('GET', '/exams', undefined, { token: t.token });
    expect(first.body.data).toMatchObject({ currentPage: 1, total: 12, totalPages: 2 });
    expect(first.body.data.exams).toHaveLength(10);
    expect(first.body.data.stats).toEqual({ total: 12, upcoming: 6, ongoing: 4, completed: 2, published: 10, draft: 2 });
    const starts = first.body.data.exams.map((e: { schedule: { startDate: string } }) => e.schedule.startDate);
    expect([...starts].sort().reverse()).toEqual(starts);
    const second = await api('GET', '/exams?page=2', undefined, { token: t.token });
    expect(second.body.data.exams).toHaveLength(2);
    const ongoing = await api('GET', '/exams?status=ongoing', undefined, { token: t.token });
    expect(ongoing.body.data.total).toBe(4);
    expect(ongoing.body.data.exams.every((e: { status: string }) => e.status === 'ongoing')).toBe(true);
  });

  it('filters by subject, grade, difficulty and search, and sorts by title', async () => {
    const t = await signedIn({ role: 'teacher' });
    await buildExam(server.deps, t.user.id, { title: 'Zoology basics', subject: 'biology', grade: 9 });
    await buildExam(server.deps, t.user.id, { title: 'Atoms and molecules', subject: 'chemistry', grade: 9 });
    await buildExam(server.deps, t.user.id, { title: 'Photosynthesis 100%', subject: 'biology', grade: 11 });
    const bio = await api('GET', '/exams?subject=biology&sort=title', undefined, { token: t.token });
    expect(bio.body.data.exams.map((e: { title: string }) => e.title)).toEqual(['Photosynthesis 100%', 'Zoology basics']);
    const g9 = await api('GET', '/exams?grade=9&sort=-title', undefined, { token: t.token });
    expect(g9.body.data.exams.map((e: { title: string }) => e.title)).toEqual(['Zoology basics', 'Atoms and molecules']);
    const search = await api('GET', `/exams?search=${encodeURIComponent('100%')}`, undefined, { token: t.token });
    expect(search.body.data.exams.map((e: { title: string }) => e.title)).toEqual(['Photosynthesis 100%']);
    expect((await api('GET', '/exams?difficulty=hard', undefined, { token: t.token })).body.data.total).toBe(0);
    expect((await api('GET', '/exams?sort=password', undefined, { token: t.token })).status).toBe(400);
  });
});

describe('editing, publishing and deleting', () => {
  it('updates an exam with ISO schedule dates and refuses an end before the start', async () => {
    const t = await signedIn({ role: 'teacher' });
    const exam = await buildExam(server.deps, t.user.id, { state: 'upcoming' });
    const res = await api('PUT', `/exams/${exam.id}`, examPayload({ title: 'Renamed exam', startTime: inHours(1), endTime: inHours(3), schedule: undefined }), { token: t.token });
    expect(res.status).toBe(200);
    expect(res.body.data.exam.title).toBe('Renamed exam');
    const bad = await api('PUT', `/exams/${exam.id}`, examPayload({ schedule: { startDate: inHours(3), endDate: inHours(1) } }), { token: t.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(EXAM_MSG.endBeforeStart);
  });

  it('publishes only an exam with at least one question', async () => {
    const t = await signedIn({ role: 'teacher' });
    const empty = await buildExam(server.deps, t.user.id, { state: 'upcoming', published: false, questions: 0 });
    const refused = await api('PUT', `/exams/${empty.id}/publish`, undefined, { token: t.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(EXAM_MSG.publishNeedsQuestion);
    const ready = await buildExam(server.deps, t.user.id, { state: 'upcoming', published: false, questions: 1 });
    const ok = await api('PUT', `/exams/${ready.id}/publish`, undefined, { token: t.token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.exam.isPublished).toBe(true);
  });

  it('deletes only while upcoming', async () => {
    const t = await signedIn({ role: 'teacher' });
    const ongoing = await buildExam(server.deps, t.user.id, { state: 'ongoing' });
    const refused = await api('DELETE', `/exams/${ongoing.id}`, undefined, { token: t.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(EXAM_MSG.deleteOnlyUpcoming);
    const upcoming = await buildExam(server.deps, t.user.id, { state: 'upcoming' });
    expect((await api('DELETE', `/exams/${upcoming.id}`, undefined, { token: t.token })).status).toBe(200);
    expect((await api('GET', `/exams/${upcoming.id}`, undefined, { token: t.token })).status).toBe(404);
  });
});

describe('the questions of an exam', () => {
  it('adds bank questions, skips ones already in, removes one, keeping order', async () => {
    const t = await signedIn({ role: 'teacher' });
    const exam = await buildExam(server.deps, t.user.id, { state: 'upcoming', published: false, questions: 1 });
    const q1 = await buildQuestion(server.deps, t.user.id);
    const q2 = await buildQuestion(server.deps, t.user.id);
    const add = await api('POST', `/exams/${exam.id}/questions`, { questionIds: [q1.id, q2.id, exam.questionIds[0]] }, { token: t.token });
    expect(add.status).toBe(200);
    expect(add.body.data.added).toBe(2);
    expect(add.body.data.questions.map((q: { _id: string }) => q._id)).toEqual([exam.questionIds[0], q1.id, q2.id]);
    const empty = await api('POST', `/exams/${exam.id}/questions`, { questionIds: [] }, { token: t.token });
    expect(empty.body.message).toBe(EXAM_MSG.selectAtLeastOneQuestion);
    const removed = await api('DELETE', `/exams/${exam.id}/questions/${q1.id}`, undefined, { token: t.token });
    expect(removed.body.message).toBe('Question removed successfully!');
    const after = await api('GET', `/exams/${exam.id}/questions`, undefined, { token: t.token });
    expect(after.body.data.questions.map((q: { _id: string }) => q._id)).toEqual([exam.questionIds[0], q2.id]);
  });

  it('freezes questions and marks once a student has attempted the exam, and says so', async () => {
    const t = await signedIn({ role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, t.user.id, { questions: 2 });
    await buildAttempt(server.deps, exam.id, student.id);
    const extra = await buildQuestion(server.deps, t.user.id);
    const add = await api('POST', `/exams/${exam.id}/questions`, { questionIds: [extra.id] }, { token: t.token });
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(EXAM_MSG.frozen);
    expect((await api('DELETE', `/exams/${exam.id}/questions/${exam.questionIds[0]}`, undefined, { token: t.token })).body.message).toBe(EXAM_MSG.frozen);
    const edit = await api('PUT', `/questions/${exam.questionIds[0]}`, { text: 'A changed question text', type: 'essay', subject: 'mathematics', points: 10 }, { token: t.token });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(EXAM_MSG.questionFrozen);
    const current = (await api('GET', `/exams/${exam.id}`, undefined, { token: t.token })).body.data.exam;
    const body = { ...examPayload(), schedule: current.schedule };
    const marks = await api('PUT', `/exams/${exam.id}`, { ...body, passingMarks: current.passingMarks + 10 }, { token: t.token });
    expect(marks.status).toBe(409);
    expect(marks.body.message).toBe(EXAM_MSG.frozen);
    expect((await api('PUT', `/exams/${exam.id}`, { ...body, passingMarks: current.passingMarks, title: 'Renamed after attempts' }, { token: t.token })).status).toBe(200);
  });
});
