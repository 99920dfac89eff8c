import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEFAULT_PLATFORM_SETTINGS, EXAM_SETTINGS_DEFAULTS, GRADING_MSG, type GradingScale } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { connectAs, nextEvent } from '../../test/sockets';
import { csvSafe } from '../../services/results';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const token = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

const QUESTIONS = [
  { text: 'What is seven times six?', type: 'multiple-choice', subject: 'mathematics', options: ['42', '36'], correctAnswer: '42', points: 2 },
  { text: 'The longest river in Africa is ____.', type: 'fill-blank', subject: 'geography', correctAnswer: ['Nile', 'River Nile'], points: 1 },
  { text: 'Explain photosynthesis in a few sentences.', type: 'essay', subject: 'science', points: 5, sampleAnswer: 'Light energy makes sugar.' },
  { text: 'Water boils at 100 degrees at sea level.', type: 'true-false', subject: 'science', correctAnswer: 'True', points: 2 },
];

/** A teacher's ongoing exam made through the API (starting inside the creation grace). */
async function examWith(settings: Record<string, unknown> = {}, questions = QUESTIONS) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const t = await token(teacher.email);
  const res = await api('POST', '/exams', {
    title: 'Results exam',
    description: 'An exam for the results tests',
    subject: 'science',
    grade: 10,
    duration: 60,
    passingMarks: 50,
    isPublished: true,
    settings: { ...EXAM_SETTINGS_DEFAULTS, ...settings },
    schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
    questions,
  }, { token: t });
  expect(res.status).toBe(201);
  return { teacher, teacherToken: t, examId: res.body.data.exam._id as string };
}

/** A student of grade 10 sits the exam, answers as given (by question text prefix), and submits. */
async function sit(examId: string, answers: Record<string, string>, props: { firstName?: string } = {}) {
  const student = await buildUser(server.deps, { role: 'student', firstName: props.firstName });
  const t = await token(student.email);
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token: t });
  const attemptId = start.body.data.submission._id as string;
  for (const q of start.body.data.questions as { _id: string; text: string }[]) {
    const key = Object.keys(answers).find((k) => q.text.startsWith(k));
    if (key) await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: q._id, answer: answers[key] }, { token: t });
  }
  await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: t });
  return { student, token: t, attemptId, questions: start.body.data.questions as { _id: string; text: string; type: string }[] };
}

const FULL = { 'What is': '42', 'The longest': '  river nile ', Explain: 'Plants use light to make sugar.', Water: 'True' };

describe('grading', () => {
  it('marks objective answers at once and leaves an essay pending (Reviewing)', async () => {
    const { examId, teacherToken } = await examWith();
    const s = await sit(examId, FULL);
    const detail = await api('GET', `/submissions/${s.attemptId}`, undefined, { token: teacherToken });
    const sub = detail.body.data.submission;
    expect(sub).toMatchObject({ status: 'submitted', displayStatus: 'Reviewing', isGraded: false, score: 5, totalMarks: 10, pendingAnswers: 1 });
    expect(sub.answers.map((a: { status: string }) => a.status)).toEqual(['correct', 'correct', 'pending', 'correct']);
    expect(sub.timeSpent).toBeLessThan(60);
  });

  it('grades an essay: totals, status and notifications to the student and a linked parent change', async () => {
    const { examId, teacherToken } = await examWith();
    const s = await sit(examId, FULL);
    const parent = await buildUser(server.deps, { role: 'parent' });
    await server.deps.db('parent_children').insert({ parent_id: parent.id, child_id: s.student.id, relationship: 'father', status: 'accepted' });
    const parentSocket = await connectAs(server, parent.email);
    sockets.push(parentSocket);
    const told = nextEvent(parentSocket, 'notification');
    const essay = s.questions.find((q) => q.type === 'essay')!;
    const res = await api('POST', `/submissions/${s.attemptId}/grade`, { grades: [{ questionId: essay._id, marks: 4, feedback: 'Good, mention chlorophyll.' }] }, { token: teacherToken });
    expect(res.status).toBe(200);
    // The essay earned 4 of 5: partially correct, in its own count, not wrong.
    expect(res.body.data.submission).toMatchObject({ status: 'graded', displayStatus: 'Passed', score: 9, percentage: 90, grade: 'A+', isPassed: true, correctAnswers: 3, partialAnswers: 1, incorrectAnswers: 0 });
    expect(await told).toMatchObject({ type: 'result', message: expect.stringContaining('scored 90% (grade A+)'), metadata: { submissionId: s.attemptId, score: 90, grade: 'A+' } });
    const inbox = await api('GET', '/notifications', undefined, { token: s.token });
    // A first pass also earns an achievement, told just after the result.
    expect(inbox.body.data.notifications.find((n: { type: string }) => n.type === 'result')).toMatchObject({ type: 'result', title: 'Result available', actionUrl: `/exam-result/${s.attemptId}` });
    const mine = await api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.token });
    expect(mine.body.data.submission.answers[2]).toMatchObject({ marks: 4, feedback: 'Good, mention chlorophyll.', status: 'partial', isCorrect: false, partiallyCorrect: true });
  });

  it('keeps a history when a mark is changed, and lets a teacher override an automatic mark', async () => {
    const { examId, teacherToken } = await examWith();
    const s = await sit(examId, { ...FULL, 'What is': '36' });
    const essay = s.questions.find((q) => q.type === 'essay')!;
    const mc = s.questions.find((q) => q.type === 'multiple-choice')!;
    await api('PUT', `/submissions/${s.attemptId}/grade`, { grades: [{ questionId: essay._id, marks: 2 }] }, { token: teacherToken });
    const res = await api('PUT', `/submissions/${s.attemptId}/grade`, { grades: [{ questionId: essay._id, marks: 5 }, { questionId: mc._id, marks: 1, feedback: 'Method credit' }] }, { token: teacherToken });
    expect(res.body.data.submission.score).toBe(9);
    expect(res.body.data.history.map((h: { before: number | null; after: number }) => [h.before, h.after])).toEqual([[null, 2], [2, 5], [0, 1]]);
  });

  it('refuses marks above the question’s points, and another teacher', async () => {
    const { examId, teacherToken } = await examWith();
    const s = await sit(examId, FULL);
    const essay = s.questions.find((q) => q.type === 'essay')!;
    const tooMany = await api('POST', `/submissions/${s.attemptId}/grade`, { grades: [{ questionId: essay._id, marks: 6 }] }, { token: teacherToken });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain(GRADING_MSG.marksAbovePoints);
    const other = await buildUser(server.deps, { role: 'teacher' });
    expect((await api('POST', `/submissions/${s.attemptId}/grade`, { grades: [{ questionId: essay._id, marks: 1 }] }, { token: await token(other.email) })).status).toBe(403);
  });
});

describe('who sees results', () => {
  it('keeps a student out of another student’s submission and a parent out of an unlinked child’s', async () => {
    const { examId } = await examWith();
    const a = await sit(examId, FULL);
    const b = await sit(examId, FULL);
    expect((await api('GET', `/submissions/${a.attemptId}`, undefined, { token: b.token })).status).toBe(403);
    const parent = await buildUser(server.deps, { role: 'parent' });
    expect((await api('GET', `/submissions/${a.attemptId}`, undefined, { token: await token(parent.email) })).status).toBe(403);
    const list = await api('GET', `/submissions?student=${a.student.id}&isSubmitted=true`, undefined, { token: b.token });
    expect(list.status).toBe(403);
    expect((await api('GET', '/submissions/00000000-0000-4000-8000-000000000000', undefined, { token: b.token })).body.message).toBe(GRADING_MSG.resultNotFound);
  });

  it('hides the score until the teacher releases results, then tells the student', async () => {
    const { examId, teacherToken } = await examWith({ showResultsImmediately: false }, QUESTIONS.filter((q) => q.type !== 'essay'));
    const s = await sit(examId, FULL);
    const hidden = await api('GET', `/exams/${examId}/result`, undefined, { token: s.token });
    expect(hidden.body.data.result).toMatchObject({ isSubmitted: true, resultsReleased: false, score: null, percentage: null, isPassed: null });
    expect(hidden.body.data.result.answers.every((a: { marks: null }) => a.marks === null)).toBe(true);
    expect(await server.deps.db('notifications').where({ user_id: s.student.id, type: 'result' })).toHaveLength(0);
    const socket = await connectAs(server, s.student.email);
    sockets.push(socket);
    const told = nextEvent(socket, 'notification');
    await api('PUT', `/exams/${examId}/release-results`, undefined, { token: teacherToken });
    expect((await told).type).toBe('result');
    // Nor can the order of hidden scores be read from a sorted list.
    const parent = await buildUser(server.deps, { role: 'parent' });
    const other = await sit(examId, { Water: 'False' });
    for (const child of [s.student.id, other.student.id]) await server.deps.db('parent_children').insert({ parent_id: parent.id, child_id: child, relationship: 'guardian', status: 'accepted' });
    await server.deps.db('exams').where({ id: examId }).update({ results_released_at: null });
    const pt = await token(parent.email);
    const orders = await Promise.all(
      ['asc', 'desc'].map(async (order) => (await api('GET', `/submissions?sortBy=percentage&sortOrder=${order}`, undefined, { token: pt })).body.data.submissions.map((x: { _id: string }) => x._id)),
    );
    expect(orders[0]).toEqual(orders[1]);
    await api('PUT', `/exams/${examId}/release-results`, undefined, { token: teacherToken });
    const shown = await api('GET', `/exams/${examId}/result`, undefined, { token: s.token });
    expect(shown.body.data.result).toMatchObject({ resultsReleased: true, percentage: 100, isPassed: true });
  });

  it('never shows keys or explanations to a student when showCorrectAnswers is off, and does when on', async () => {
    const off = await examWith({ showCorrectAnswers: false });
    const s1 = await sit(off.examId, FULL);
    const hidden = await api('GET', `/submissions/${s1.attemptId}`, undefined, { token: s1.token });
    expect(JSON.stringify(hidden.body)).not.toMatch(/"correctAnswer"|"explanation"|"sampleAnswer"|"acceptedAnswers"/);
    const on = await examWith({ showCorrectAnswers: true });
    const s2 = await sit(on.examId, FULL);
    const shown = await api('GET', `/submissions/${s2.attemptId}`, undefined, { token: s2.token });
    expect(shown.body.data.submission.answers[0].correctAnswer).toBe('42');
    expect(shown.body.data.submission.answers[1].correctAnswer).toBe('Nile / River Nile');
  });
});

describe('lists, statistics and export', () => {
  it('lists an exam’s submissions with status filters, sorting and percentile over all of them', async () => {
    const { examId, teacherToken } = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    await sit(examId, FULL); // 100 %
    await sit(examId, { ...FULL, 'What is': '36' }); // 60 %
    await sit(examId, { Water: 'False' }); // 0 %
    const page = await api('GET', `/submissions?examId=${examId}&sortBy=percentage&sortOrder=desc&limit=1&page=2`, undefined, { token: teacherToken });
    expect(page.body.data).toMatchObject({ total: 3, totalPages: 3, currentPage: 2 });
    expect(page.body.data.submissions[0]).toMatchObject({ percentage: 60, rank: 2, percentile: 50, grade: 'B', letterGrade: 'B', displayStatus: 'Passed' });
    const failed = await api('GET', `/submissions?examId=${examId}&status=failed`, undefined, { token: teacherToken });
    expect(failed.body.data.submissions.map((s: { percentage: number }) => s.percentage)).toEqual([0]);
    const gradeA = await api('GET', `/submissions?examId=${examId}&grade=A%2B`, undefined, { token: teacherToken });
    expect(gradeA.body.data.total).toBe(1);
    const gradeF = await api('GET', `/submissions?examId=${examId}&grade=F`, undefined, { token: teacherToken });
    expect(gradeF.body.data.submissions.map((s: { percentage: number }) => s.percentage)).toEqual([0]);
    expect((await api('GET', `/submissions?examId=${examId}&grade=Q`, undefined, { token: teacherToken })).body.data.total).toBe(0);
  });

  it('writes every letter on the school’s scale: the CSV, the results list and the progress report change when an admin changes it', async () => {
    const { examId, teacherToken } = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    const s = await sit(examId, { ...FULL, 'What is': '36' }); // 60 %
    const admin = await buildUser(server.deps, { role: 'admin' });
    const adminToken = await token(admin.email);
    const csvGrade = async () => {
      const text = await (await fetch(`${server.url}/api/exams/${examId}/export`, { headers: { authorization: `Bearer ${teacherToken}` } })).text();
      const [header, row] = text.trim().split('\n');
      return row!.split(',')[header!.split(',').indexOf('Grade')];
    };
    const listGrade = async () => (await api('GET', `/submissions?examId=${examId}`, undefined, { token: teacherToken })).body.data.submissions[0].grade;
    const reportGrade = async () => (await api('GET', `/reports/student/${s.student.id}/progress`, undefined, { token: adminToken })).body.data.recentSubmissions[0].grade;
    const setScale = async (gradingScale: GradingScale) => {
      const current = (await api('GET', '/platform-settings/admin', undefined, { token: adminToken })).body.data.settings;
      expect((await api('PUT', '/platform-settings', { ...current, gradingScale }, { token: adminToken })).status).toBe(200);
    };
    expect([await csvGrade(), await listGrade(), await reportGrade()]).toEqual(['B', 'B', 'B']);
    try {
      await setScale({ bands: [{ min: 75, letter: 'H' }, { min: 55, letter: 'P' }], fallback: 'N' });
      expect([await csvGrade(), await listGrade(), await reportGrade()]).toEqual(['P', 'P', 'P']);
      const byLetter = await api('GET', `/submissions?examId=${examId}&grade=P`, undefined, { token: teacherToken });
      expect(byLetter.body.data.total).toBe(1);
    } finally {
      await setScale(DEFAULT_PLATFORM_SETTINGS.gradingScale);
    }
  });

  it('reports stats, the distribution and item analysis', async () => {
    const { examId, teacherToken } = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    const sittings: Record<string, string>[] = [FULL, FULL, { ...FULL, 'What is': '36' }, { Water: 'False' }, { 'What is': '42' }];
    for (const answers of sittings) await sit(examId, answers);
    const res = await api('GET', `/exams/${examId}/stats`, undefined, { token: teacherToken });
    expect(res.body.data.stats).toMatchObject({ totalSubmissions: 5, passedCount: 3, failedCount: 2, highestScore: 100, lowestScore: 0 });
    expect(res.body.data.distribution).toEqual([
      { range: '90-100', count: 2 },
      { range: '80-89', count: 0 },
      { range: '70-79', count: 0 },
      { range: '60-69', count: 1 },
      { range: '0-59', count: 2 },
    ]);
    const mc = res.body.data.analysis.items[0];
    expect(mc).toMatchObject({ facility: 0.6, optionCounts: { '42': 3, '36': 1 } });
    expect(res.body.data.analysis.reliability).not.toBeNull();
  });

  it('exports CSV whose cells can never run as formulas', async () => {
    const { examId, teacherToken } = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    await sit(examId, FULL, { firstName: '=HYPERLINK("http://evil")' });
    await sit(examId, FULL, { firstName: '+SUM(A1)' });
    await sit(examId, FULL, { firstName: '@cmd' });
    await sit(examId, FULL, { firstName: '-2+3' });
    const res = await fetch(`${server.url}/api/exams/${examId}/export`, { headers: { authorization: `Bearer ${teacherToken}` } });
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="results-exam-submissions.csv"/);
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'+SUM(A1)");
    expect(text).toContain("'@cmd");
    expect(text).toContain("'-2+3");
    expect(text.split('\n').some((line) => /(^|,)[=+@-]/.test(line))).toBe(false);
    expect(csvSafe(-5)).toBe(-5);
  });

  it('exports CSV that stays safe in a spreadsheet splitting cells at ";", or reading full-width signs', async () => {
    const { examId, teacherToken } = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    await sit(examId, FULL, { firstName: 'x;=1+1' });
    await sit(examId, FULL, { firstName: '＝HYPERLINK("http://evil")' });
    await sit(examId, FULL, { firstName: ' @SUM(A1)' });
    const res = await fetch(`${server.url}/api/exams/${examId}/export`, { headers: { authorization: `Bearer ${teacherToken}` } });
    const text = await res.text();
    expect(text).toContain("x;'=1+1");
    expect(text).toContain(`"'＝HYPERLINK(""http://evil"")"`);
    expect(text).toContain("' @SUM(A1)");
    // Split at every separator a spreadsheet might use, no piece starts like a formula.
    const pieces = text.split(/[,;\t\r\n"]/).map((p) => p.trim());
    expect(pieces.filter((p) => /^[=+@\uFF1D\uFF0B\uFF0D\uFF20-]/.test(p))).toEqual([]);
    // Numbers stay numbers: the scores and counts are written bare.
    expect(text.split('\n')[1]).toMatch(/,100,/);
  });
});

describe('student progress report', () => {
  it('shows a measured improvement, to the teacher and a linked parent only', async () => {
    const first = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    const s = await sit(first.examId, { Water: 'True' }); // 40 %
    const second = await examWith({}, QUESTIONS.filter((q) => q.type !== 'essay'));
    const tSecond = await token(s.student.email);
    const start = await api('POST', `/exams/${second.examId}/start`, undefined, { token: tSecond });
    for (const q of start.body.data.questions) {
      const answer = q.text.startsWith('What') ? '42' : q.text.startsWith('The') ? 'Nile' : 'True';
      await api('POST', '/submissions/answer', { submissionId: start.body.data.submission._id, questionId: q._id, answer }, { token: tSecond });
    }
    await api('POST', '/submissions/submit', { submissionId: start.body.data.submission._id }, { token: tSecond });
    const admin = await buildUser(server.deps, { role: 'admin' });
    const report = await api('GET', `/reports/student/${s.student.id}/progress`, undefined, { token: await token(admin.email) });
    expect(report.body.data.subjects).toEqual([expect.objectContaining({ subject: 'science', totalExams: 2, scores: [40, 100], improvement: 60, bestScore: 100 })]);
    expect(report.body.data.subjectWise).toEqual({ science: report.body.data.subjects[0] });
    expect(report.body.data.progress).toMatchObject({ averageScore: 70, passRate: 50 });
    const stranger = await buildUser(server.deps, { role: 'parent' });
    const denied = await api('GET', `/reports/student/${s.student.id}/progress`, undefined, { token: await token(stranger.email) });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Access denied. You do not have permission to view this report.');
    const missing = await api('GET', '/reports/student/00000000-0000-4000-8000-000000000000/progress', undefined, { token: await token(admin.email) });
    expect(missing.body.message).toBe('Student not found.');
    // A teacher sees results on their own exams only.
    const own = await api('GET', `/reports/student/${s.student.id}/progress`, undefined, { token: first.teacherToken });
    expect(own.body.data.totalExams).toBe(1);
  });
});
