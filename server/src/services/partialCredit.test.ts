import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeChoices, encodeMatching } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { MOODLE_BANK } from '../test/questionFiles';
import { call, openSocket } from '../test/sockets';

// An imported Moodle bank sat and marked end to end: each partial-credit type earns what Moodle
// would give for the same answers.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function tokenOf(role: 'teacher' | 'student') {
  const user = await buildUser(server.deps, { role });
  const res = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

it('an imported bank’s multiple response, numerical, short answer and matching questions earn their partial credit', async () => {
  const teacher = await tokenOf('teacher');
  const form = new FormData();
  form.append('file', new Blob([MOODLE_BANK]), 'bank.xml');
  const imported = await fetch(`${server.url}/api/questions/import?dryRun=false&subject=mathematics`, { method: 'POST', headers: { authorization: `Bearer ${teacher.token}` }, body: form });
  const ids = ((await imported.json()).data.items as { title: string; _id: string | null }[]).filter((i) => i._id);
  const idOf = (title: string) => ids.find((i) => i.title === title)!._id!;
  const exam = await buildExam(server.deps, teacher.user.id, { questions: 0 });
  for (const [position, title] of ['Primes', 'Pi', 'Amphibian', 'Animals'].entries()) await server.deps.db('exam_questions').insert({ exam_id: exam.id, question_id: idOf(title), position: position + 1 });

  const student = await tokenOf('student');
  const start = await server.api('POST', `/exams/${exam.id}/start`, undefined, { token: student.token });
  const attemptId = start.body.data.submission._id as string;
  const matching = (start.body.data.questions as { _id: string; stems?: string[]; options: string[] }[]).find((q) => q._id === idOf('Animals'))!;
  expect(matching).toMatchObject({ stems: ['Cat', 'Frog', 'Eagle'], options: ['Amphibian', 'Bird', 'Insect', 'Mammal'] });
  const socket = await openSocket(server.url, student.token);
  try {
    expect(await call(socket, 'attempt:join', { attemptId })).toMatchObject({ ok: true });
    const answers: [string, string | null][] = [
      ['Primes', encodeChoices(['2'])], // 50 % of 2 points
      ['Pi', '3,1'], // the 50 % answer, typed with a decimal comma
      ['Amphibian', ' Toad '], // 80 % of 5, any case
      ['Animals', encodeMatching({ Cat: 'Mammal', Frog: 'Amphibian', Eagle: 'Insect' })], // 2 of 3 pairs
    ];
    for (const [seq, [title, answer]] of answers.entries()) {
      expect(await call(socket, 'answer:save', { attemptId, questionId: idOf(title), answer, seq: seq + 1 })).toMatchObject({ ok: true });
    }
    expect(await call(socket, 'attempt:submit', { attemptId })).toMatchObject({ ok: true });
  } finally {
    socket.close();
  }
  const result = await server.api('GET', `/submissions/${attemptId}`, undefined, { token: teacher.token });
  const detail = result.body.data.submission;
  const marks = Object.fromEntries((detail.answers as { questionId: string; marks: number; status: string }[]).map((a) => [a.questionId, [a.marks, a.status]]));
  expect(marks).toEqual({
    [idOf('Primes')]: [1, 'partial'],
    [idOf('Pi')]: [1, 'partial'],
    [idOf('Amphibian')]: [4, 'partial'],
    [idOf('Animals')]: [2, 'partial'],
  });
  expect(detail).toMatchObject({ score: 8, totalMarks: 12 });
  const review = (detail.answers as { questionId: string; correctAnswer?: string }[]).find((a) => a.questionId === idOf('Animals'));
  expect(review?.correctAnswer).toBe('Cat → Mammal; Frog → Amphibian; Eagle → Bird');

  const stats = await server.api('GET', `/exams/${exam.id}/stats`, undefined, { token: teacher.token });
  const primes = (stats.body.data.analysis.items as { questionId: string; optionCounts: unknown }[]).find((i: { questionId: string }) => i.questionId === idOf('Primes'));
  expect(primes?.optionCounts).toEqual({ '2': 1, '3': 0, '4': 0, '9': 0 });
});
