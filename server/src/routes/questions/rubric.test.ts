import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG, EXAM_SETTINGS_DEFAULTS, MARKING_MSG, type Rubric } from '@exam/shared';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { readZip } from '../../services/interop/zip';

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

/** Worth 6: content 4 at best, spelling 2. */
const RUBRIC: Rubric = {
  criteria: [
    {
      id: 'content',
      title: 'Explains the water cycle',
      description: '',
      levels: [
        { id: 'c0', title: 'Missing', description: '', points: 0 },
        { id: 'c2', title: 'Partly', description: 'Names two stages', points: 2 },
        { id: 'c4', title: 'Fully', description: 'All stages in order', points: 4 },
      ],
    },
    {
      id: 'spelling',
      title: 'Spelling and grammar',
      description: '',
      levels: [
        { id: 's0', title: 'Many errors', description: '', points: 0 },
        { id: 's2', title: 'Few errors', description: '', points: 2 },
      ],
    },
  ],
};

const ESSAY = { text: 'Describe the water cycle in your own words.', type: 'essay', subject: 'science', points: 6, sampleAnswer: 'Evaporation, condensation, precipitation.' };

describe('a question’s rubric', () => {
  it('is stored with an essay on create and edit, read back whole, and removed by an edit without one', async () => {
    const t = await signedIn('teacher');
    const created = await api('POST', '/questions', { ...ESSAY, rubric: RUBRIC }, { token: t.token });
    expect(created.status).toBe(201);
    expect(created.body.data.question.rubric).toEqual(RUBRIC);
    const id = created.body.data.question._id as string;
    expect((await api('GET', `/questions/${id}`, undefined, { token: t.token })).body.data.question.rubric).toEqual(RUBRIC);

    const worth8: Rubric = {
      criteria: [
        ...RUBRIC.criteria,
        {
          id: 'length',
          title: 'Length',
          description: '',
          levels: [
            { id: 'l0', title: 'Short', description: '', points: 0 },
            { id: 'l2', title: 'Enough', description: '', points: 2 },
          ],
        },
      ],
    };
    const edited = await api('PUT', `/questions/${id}`, { ...ESSAY, points: 8, rubric: worth8 }, { token: t.token });
    expect(edited.status).toBe(200);
    expect(edited.body.data.question).toMatchObject({ points: 8, rubric: worth8 });
    const listed = await api('GET', '/questions?type=essay', undefined, { token: t.token });
    expect(listed.body.data.questions.find((q: { _id: string }) => q._id === id).rubric).toEqual(worth8);

    const cleared = await api('PUT', `/questions/${id}`, { ...ESSAY, rubric: null }, { token: t.token });
    expect(cleared.body.data.question.rubric).toBeNull();
    const plain = await api('POST', '/questions', ESSAY, { token: t.token });
    expect(plain.body.data.question.rubric).toBeNull();
  });

  it('is refused on a question that is not an essay, and when its best levels miss the question’s points', async () => {
    const t = await signedIn('teacher');
    const mc = { text: 'Which of these is a gas at room temperature?', type: 'multiple-choice', subject: 'science', options: ['Oxygen', 'Iron'], correctAnswer: 'Oxygen', points: 6 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...mc, rubric: RUBRIC }, MARKING_MSG.rubricEssayOnly],
      [{ ...ESSAY, points: 5, rubric: RUBRIC }, MARKING_MSG.rubricPointsMismatch],
      [{ ...ESSAY, rubric: { criteria: [{ ...RUBRIC.criteria[0]!, levels: [RUBRIC.criteria[0]!.levels[0]] }] } }, MARKING_MSG.levelsTooFew],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/questions', body, { token: t.token });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const q = await api('POST', '/questions', ESSAY, { token: t.token });
    const res = await api('PUT', `/questions/${q.body.data.question._id}`, { ...ESSAY, points: 10, rubric: RUBRIC }, { token: t.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MARKING_MSG.rubricPointsMismatch);
    expect((await api('GET', `/questions/${q.body.data.question._id}`, undefined, { token: t.token })).body.data.question).toMatchObject({ points: 6, rubric: null });
  });

  it('may still change once students attempted the question’s exam, when nothing else does', async () => {
    const t = await signedIn('teacher');
    const student = await buildUser(server.deps, { role: 'student' });
    const created = (await api('POST', '/questions', { ...ESSAY, tags: ['water'], explanation: 'Think of the sea.' }, { token: t.token })).body.data.question;
    const multi = (
      await api(
        'POST',
        '/questions',
        {
          text: 'Which of these are gases at room temperature?',
          type: 'multiple-response',
          subject: 'science',
          points: 6,
          options: [
            { text: 'Oxygen', fraction: 0.5 },
            { text: 'Neon', fraction: 0.5 },
            { text: 'Iron', fraction: -1 },
          ],
        },
        { token: t.token },
      )
    ).body.data.question;
    const exam = await buildExam(server.deps, t.user.id, { questions: 0 });
    await server.deps.db('exam_questions').insert([created, multi].map((q, i) => ({ exam_id: exam.id, question_id: q._id, position: i + 1 })));
    await buildAttempt(server.deps, exam.id, student.id);

    // The question as GET answers it, sent back with a rubric: the rubric lands, the rest stays.
    const asRead = (await api('GET', `/questions/${created._id}`, undefined, { token: t.token })).body.data.question;
    const withRubric = await api('PUT', `/questions/${created._id}`, { ...asRead, rubric: RUBRIC }, { token: t.token });
    expect(withRubric.status).toBe(200);
    expect(withRubric.body.data.question).toMatchObject({ text: ESSAY.text, points: 6, tags: ['water'], rubric: RUBRIC });
    expect((await api('PUT', `/questions/${created._id}`, { ...asRead, rubric: null }, { token: t.token })).body.data.question.rubric).toBeNull();
    const asReadMulti = (await api('GET', `/questions/${multi._id}`, undefined, { token: t.token })).body.data.question;
    expect((await api('PUT', `/questions/${multi._id}`, asReadMulti, { token: t.token })).status).toBe(200);

    for (const change of [{ text: 'Describe the carbon cycle in your own words.' }, { sampleAnswer: 'Something else entirely.' }, { tags: ['cycles'] }]) {
      const res = await api('PUT', `/questions/${created._id}`, { ...asRead, ...change, rubric: RUBRIC }, { token: t.token });
      expect(res.status, Object.keys(change)[0]).toBe(409);
      expect(res.body.message).toBe(EXAM_MSG.questionFrozen);
    }
    expect((await api('GET', `/questions/${created._id}`, undefined, { token: t.token })).body.data.question).toMatchObject({ text: ESSAY.text, tags: ['water'], rubric: null });
  });

  it('is read by another teacher when the question is shared and by admins, and never reaches the student sitting the exam', async () => {
    const t = await signedIn('teacher');
    const res = await api(
      'POST',
      '/exams',
      {
        title: 'Water cycle',
        description: 'An exam with a rubric-marked essay',
        subject: 'science',
        grade: 10,
        duration: 60,
        passingMarks: 50,
        isPublished: true,
        settings: EXAM_SETTINGS_DEFAULTS,
        schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
        questions: [{ ...ESSAY, rubric: RUBRIC, shared: true }],
      },
      { token: t.token },
    );
    expect(res.status).toBe(201);
    const examId = res.body.data.exam._id as string;

    // The wizard's new question keeps its rubric, for whoever reads the whole question.
    const owners = await api('GET', `/exams/${examId}/questions`, undefined, { token: t.token });
    expect(owners.body.data.questions[0].rubric).toEqual(RUBRIC);
    const questionId = owners.body.data.questions[0]._id as string;
    const colleague = await signedIn('teacher');
    expect((await api('GET', `/questions/${questionId}`, undefined, { token: colleague.token })).body.data.question.rubric).toEqual(RUBRIC);
    const admin = await signedIn('admin');
    expect((await api('GET', `/questions/${questionId}`, undefined, { token: admin.token })).body.data.question.rubric).toEqual(RUBRIC);

    const student = await signedIn('student');
    const start = await api('POST', `/exams/${examId}/start`, undefined, { token: student.token });
    expect(start.status).toBe(201);
    const taking = start.body.data.questions as Record<string, unknown>[];
    expect(taking.map((q) => q.text)).toEqual([ESSAY.text]);
    expect(taking[0]).not.toHaveProperty('rubric');
    expect(JSON.stringify(start.body)).not.toContain('Explains the water cycle');
    const resumed = await api('GET', `/submissions/${start.body.data.submission._id}`, undefined, { token: student.token });
    expect(JSON.stringify(resumed.body)).not.toContain('Explains the water cycle');
  });

  it('travels with its question out of the bank: Moodle XML after the grader information, QTI as a rubric block for scorers', async () => {
    const t = await signedIn('teacher');
    const id = (await api('POST', '/questions', { ...ESSAY, rubric: RUBRIC }, { token: t.token })).body.data.question._id as string;
    const exported = (format: string) => fetch(`${server.url}/api/questions/export?format=${format}&ids=${id}`, { headers: { authorization: `Bearer ${t.token}` } });
    const moodle = await exported('moodlexml');
    expect(moodle.status).toBe(200);
    const xml = await moodle.text();
    const grader = xml.slice(xml.indexOf('<graderinfo'), xml.indexOf('</graderinfo>'));
    expect(grader.indexOf('Evaporation, condensation, precipitation.')).toBeLessThan(grader.indexOf('Explains the water cycle'));
    for (const words of ['Explains the water cycle', 'Spelling and grammar', 'Fully', 'All stages in order', 'Few errors']) expect(grader).toContain(words);

    for (const [format, block] of [
      ['qti21', 'rubricBlock view="scorer"'],
      ['qti3', 'qti-rubric-block view="scorer"'],
    ] as const) {
      const res = await exported(format);
      expect(res.status, format).toBe(200);
      const files = readZip(Buffer.from(await res.arrayBuffer()));
      const item = files.get(`items/Q-${id}.xml`)!.toString('utf8');
      expect(item.split(block).length - 1, format).toBe(2);
      expect(item, format).toMatch(/Spelling and grammar<\/th><td>Many errors<\/td><td>0<\/td>/);
    }
  });
});
