import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SESSION_MSG } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent } from '../test/sockets';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 100 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const PROCTORED = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false } };

async function studentInExam(examOver: Parameters<typeof buildExam>[2] = {}) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const student = await buildUser(server.deps, { role: 'student' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 3, ...examOver });
  const login = await api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD });
  const token = login.body.data.accessToken as string;
  const start = await api('POST', `/exams/${exam.id}/start`, undefined, { token });
  expect(start.status).toBe(201);
  const socket = await connectAs(server, student.email);
  sockets.push(socket);
  return { teacher, student, exam, token, socket, attemptId: start.body.data.submission._id as string, start };
}

const storedAnswer = (attemptId: string, questionId: string) =>
  server.deps.db('answers').where({ attempt_id: attemptId, question_id: questionId }).first('answer', 'seq');

describe('starting an attempt', () => {
  it('starts with a deadline from the server clock and the questions without keys', async () => {
    const { start, exam } = await studentInExam({ duration: 30 });
    const { submission, questions, session } = start.body.data;
    expect(submission).toMatchObject({ attemptNumber: 1, status: 'in_progress', isSubmitted: false });
    const minutes = (Date.parse(submission.deadlineAt) - Date.parse(submission.startedAt)) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    expect(questions.map((q: { _id: string }) => q._id)).toEqual(exam.questionIds);
    expect(JSON.stringify(questions)).not.toMatch(/isCorrect|correctAnswer|explanation/);
    expect(questions[0].options).toEqual(['Three', 'Four']);
    expect(session).toMatchObject({ status: 'in_progress', answers: {}, seqs: {} });
  });

  it('ends the deadline at the exam end when that comes first', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { duration: 600 });
    const login = await api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD });
    const res = await api('POST', '/submissions/start', { examId: exam.id }, { token: login.body.data.accessToken });
    const end = await server.deps.db('exams').where({ id: exam.id }).first('end_at');
    expect(res.body.data.submission.deadlineAt).toBe(new Date(end.end_at).toISOString());
  });

  it('resumes the attempt in progress instead of starting a second one, and shows its questions on the exam', async () => {
    const { exam, token, attemptId } = await studentInExam();
    const again = await api('POST', `/exams/${exam.id}/start`, undefined, { token });
    expect(again.status).toBe(200);
    expect(again.body.data.submission._id).toBe(attemptId);
    const detail = await api('GET', `/exams/${exam.id}`, undefined, { token });
    expect(detail.body.data.attemptId).toBe(attemptId);
    expect(detail.body.data.questions).toHaveLength(3);
    expect(JSON.stringify(detail.body)).not.toMatch(/isCorrect|correctAnswer/);
  });

  it('refuses an exam that is not ongoing, one not meant for the student, and a second attempt', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const login = await api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD });
    const token = login.body.data.accessToken;
    const upcoming = await buildExam(server.deps, teacher.id, { state: 'upcoming' });
    const notMine = await buildExam(server.deps, teacher.id, { grade: 12 });
    const draft = await buildExam(server.deps, teacher.id, { published: false });
    expect((await api('POST', `/exams/${upcoming.id}/start`, undefined, { token })).body.message).toBe(SESSION_MSG.notOngoing);
    expect((await api('POST', `/exams/${notMine.id}/start`, undefined, { token })).status).toBe(403);
    expect((await api('POST', `/exams/${draft.id}/start`, undefined, { token })).status).toBe(403);
    const once = await buildExam(server.deps, teacher.id);
    const first = await api('POST', `/exams/${once.id}/start`, undefined, { token });
    await api('POST', '/submissions/submit', { submissionId: first.body.data.submission._id }, { token });
    const second = await api('POST', `/exams/${once.id}/start`, undefined, { token });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(SESSION_MSG.alreadyAttempted);
  });

  it('numbers attempts and stops at maxAttempts', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { settings: { allowMultipleAttempts: true, maxAttempts: 2 } });
    const token = (await api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
    for (const n of [1, 2]) {
      const res = await api('POST', `/exams/${exam.id}/start`, undefined, { token });
      expect(res.body.data.submission.attemptNumber).toBe(n);
      await api('POST', '/submissions/submit', { submissionId: res.body.data.submission._id }, { token });
    }
    const third = await api('POST', `/exams/${exam.id}/start`, undefined, { token });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(SESSION_MSG.maxAttempts);
  });
});

describe('saving answers over the socket', () => {
  it('acknowledges a save only once it is in the database, and gives everything back on rejoin', async () => {
    const { socket, attemptId, exam, student } = await studentInExam();
    const time = nextEvent(socket, 'attempt:time');
    const joined = await call(socket, 'attempt:join', { attemptId });
    expect(joined).toMatchObject({ ok: true, data: { attemptId, status: 'in_progress', answers: {} } });
    expect(await time).toMatchObject({ deadlineAt: joined.data.deadlineAt });
    const [q1, q2] = exam.questionIds;
    const ack = await call(socket, 'answer:save', { attemptId, questionId: q1, answer: 'Four', seq: 1 });
    expect(ack.ok).toBe(true);
    expect(Date.parse(ack.savedAt)).not.toBeNaN();
    expect(await storedAnswer(attemptId, q1!)).toEqual({ answer: 'Four', seq: 1 });
    await call(socket, 'answer:save', { attemptId, questionId: q2, answer: 'Three', seq: 1 });
    socket.close();
    const again = await connectAs(server, student.email);
    sockets.push(again);
    const rejoined = await call(again, 'attempt:join', { attemptId });
    expect(rejoined.data.answers).toEqual({ [q1!]: 'Four', [q2!]: 'Three' });
    expect(rejoined.data.seqs).toEqual({ [q1!]: 1, [q2!]: 1 });
  });

  it('ignores an older or equal seq but still acknowledges it', async () => {
    const { socket, attemptId, exam } = await studentInExam();
    const q = exam.questionIds[0]!;
    await call(socket, 'answer:save', { attemptId, questionId: q, answer: 'Four', seq: 5 });
    expect((await call(socket, 'answer:save', { attemptId, questionId: q, answer: 'Three', seq: 4 })).ok).toBe(true);
    expect((await call(socket, 'answer:save', { attemptId, questionId: q, answer: 'Three', seq: 5 })).ok).toBe(true);
    expect(await storedAnswer(attemptId, q)).toEqual({ answer: 'Four', seq: 5 });
  });

  it('keeps the newest of many saves sent at once', async () => {
    const { socket, attemptId, exam } = await studentInExam();
    const q = exam.questionIds[0]!;
    const acks = await Promise.all(Array.from({ length: 30 }, (_, i) => call(socket, 'answer:save', { attemptId, questionId: q, answer: `v${i + 1}`, seq: i + 1 })));
    expect(acks.every((a) => a.ok)).toBe(true);
    expect(await storedAnswer(attemptId, q)).toEqual({ answer: 'v30', seq: 30 });
  });

  it('refuses saves after the deadline and on a submitted attempt', async () => {
    const { socket, attemptId, exam, token } = await studentInExam();
    const q = exam.questionIds[0]!;
    await server.deps.db('attempts').where({ id: attemptId }).update({ deadline_at: new Date(Date.now() - 5_000) });
    const late = await call(socket, 'answer:save', { attemptId, questionId: q, answer: 'Four', seq: 1 });
    expect(late).toEqual({ ok: false, code: 'attempt-closed', message: SESSION_MSG.attemptClosed });
    const other = await studentInExam();
    await api('POST', '/submissions/submit', { submissionId: other.attemptId }, { token: other.token });
    const closed = await call(other.socket, 'answer:save', { attemptId: other.attemptId, questionId: other.exam.questionIds[0], answer: 'Four', seq: 1 });
    expect(closed.code).toBe('attempt-closed');
    expect(token).toBeTruthy();
  });

  it('refuses a question that is not in the attempt and a malformed payload', async () => {
    const { socket, attemptId } = await studentInExam();
    const foreign = await call(socket, 'answer:save', { attemptId, questionId: '00000000-0000-4000-8000-000000000000', answer: 'x', seq: 1 });
    expect(foreign).toMatchObject({ ok: false, code: 'invalid', message: SESSION_MSG.questionNotInAttempt });
    const bad = await call(socket, 'answer:save', { attemptId, seq: 'one' });
    expect(bad).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('students joining at the same moment each get their own attempt and answers, and an intruder among them is refused alone', async () => {
    const hall = await Promise.all([0, 1, 2].map(() => studentInExam()));
    await Promise.all(hall.map((s, i) => call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.exam.questionIds[0], answer: `mine ${i}`, seq: 3 })));
    await server.deps.db('attempts').whereIn('id', hall.map((s) => s.attemptId)).update({ last_seen_at: null });
    const intruder = await connectAs(server, (await buildUser(server.deps, { role: 'student' })).email);
    sockets.push(intruder);
    // Sent in one go, so the server sees them in the same tick.
    const [stolen, ...joins] = await Promise.all([call(intruder, 'attempt:join', { attemptId: hall[0]!.attemptId }), ...hall.map((s) => call(s.socket, 'attempt:join', { attemptId: s.attemptId }))]);
    expect(stolen).toMatchObject({ ok: false, code: 'forbidden', message: SESSION_MSG.notYourAttempt });
    joins.forEach((j, i) => {
      expect(j).toMatchObject({ ok: true, data: { attemptId: hall[i]!.attemptId, status: 'in_progress', answers: { [hall[i]!.exam.questionIds[0]!]: `mine ${i}` }, seqs: { [hall[i]!.exam.questionIds[0]!]: 3 } } });
      expect(Math.abs(Date.parse(j.data.serverNow) - Date.now())).toBeLessThan(5_000);
    });
    // Each is marked seen for the proctor board; nobody else's attempt is touched by the intruder.
    const seen = await server.deps.db('attempts').whereIn('id', hall.map((s) => s.attemptId)).pluck('last_seen_at');
    expect(seen.every((at) => at !== null)).toBe(true);
  });

  it('lets no other student join or save into an attempt', async () => {
    const { attemptId, exam } = await studentInExam();
    const intruder = await buildUser(server.deps, { role: 'student' });
    const socket = await connectAs(server, intruder.email);
    sockets.push(socket);
    expect(await call(socket, 'attempt:join', { attemptId })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(socket, 'answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four', seq: 9 })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(socket, 'attempt:submit', { attemptId })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await storedAnswer(attemptId, exam.questionIds[0]!)).toBeUndefined();
  });
});

describe('ending an attempt', () => {
  it('submits on request and tells the student’s sockets', async () => {
    const { socket, attemptId, exam } = await studentInExam();
    await call(socket, 'attempt:join', { attemptId });
    await call(socket, 'answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four', seq: 1 });
    const told = nextEvent(socket, 'attempt:submitted');
    const flags = { tabSwitches: 1, fullscreenExited: 0, warningsReceived: 1 };
    expect(await call(socket, 'attempt:submit', { attemptId, timeSpent: 95, securityFlags: flags })).toEqual({ ok: true, submissionId: attemptId, reason: 'student' });
    expect(await told).toEqual({ attemptId, reason: 'student' });
    expect(await call(socket, 'attempt:submit', { attemptId })).toMatchObject({ ok: true, reason: 'student' });
    // The device's own time and flags are kept beside the server's, as with POST /submissions.
    expect(await server.deps.db('attempts').where({ id: attemptId }).first('client_time_spent', 'client_security_flags')).toEqual({ client_time_spent: 95, client_security_flags: flags });
  });

  it('the sweeper submits an attempt past its deadline with no client connected, keeping its answers', async () => {
    const { socket, attemptId, exam } = await studentInExam();
    await call(socket, 'answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four', seq: 1 });
    socket.close();
    await server.deps.db('attempts').where({ id: attemptId }).update({ deadline_at: new Date(Date.now() - 1_100) });
    await vi.waitFor(
      async () => {
        const row = await server.deps.db('attempts').where({ id: attemptId }).first('status', 'submit_reason');
        // All of its questions are objective, so it is graded in the same transaction.
        expect(row).toEqual({ status: 'graded', submit_reason: 'time-expired' });
      },
      { timeout: 5000, interval: 100 },
    );
    expect(await storedAnswer(attemptId, exam.questionIds[0]!)).toEqual({ answer: 'Four', seq: 1 });
    const events = await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'submitted' });
    expect(events).toHaveLength(1);
  });

  it('fills in answers the server lacks from the submit call, without overwriting saved ones', async () => {
    const { socket, attemptId, exam, token } = await studentInExam();
    const [q1, q2] = exam.questionIds;
    await call(socket, 'answer:save', { attemptId, questionId: q1, answer: 'Four', seq: 3 });
    const res = await api('POST', '/submissions', { examId: exam.id, answers: { [q1!]: 'Three', [q2!]: 'Four' }, timeSpent: 99999, securityFlags: { tabSwitches: 0 } }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.submissionId).toBe(attemptId);
    expect(await storedAnswer(attemptId, q1!)).toEqual({ answer: 'Four', seq: 3 });
    expect(await storedAnswer(attemptId, q2!)).toEqual({ answer: 'Four', seq: 1 });
    const row = await server.deps.db('attempts').where({ id: attemptId }).first();
    expect(row.client_time_spent).toBe(99999);
    // The server's own clock decides the time spent, not the client's claim.
    expect(res.body.data.submission.timeSpent).toBeLessThan(60);
  });
});

describe('violations', () => {
  it('submits on the event that takes tab switches above 3, not one later', async () => {
    const { socket, attemptId } = await studentInExam({ settings: PROCTORED });
    await call(socket, 'attempt:join', { attemptId });
    for (let i = 1; i <= 3; i++) {
      const ack = await call(socket, 'violation', { attemptId, type: 'tab-switch', at: Date.now() });
      expect(ack).toEqual({ ok: true, counts: { tabSwitches: i, fullscreenExits: 0 }, submitted: false });
    }
    const told = nextEvent(socket, 'attempt:submitted');
    expect(await call(socket, 'violation', { attemptId, type: 'tab-switch' })).toEqual({ ok: true, counts: { tabSwitches: 4, fullscreenExits: 0 }, submitted: true });
    expect(await told).toEqual({ attemptId, reason: 'violations' });
    const row = await server.deps.db('attempts').where({ id: attemptId }).first('submit_reason', 'warnings');
    expect(row).toEqual({ submit_reason: 'violations', warnings: 3 });
  });

  it('submits on the third fullscreen exit', async () => {
    const { socket, attemptId } = await studentInExam({ settings: PROCTORED });
    await call(socket, 'violation', { attemptId, type: 'fullscreen-exit' });
    await call(socket, 'violation', { attemptId, type: 'copy' });
    expect((await call(socket, 'violation', { attemptId, type: 'fullscreen-exit' })).submitted).toBe(false);
    expect((await call(socket, 'violation', { attemptId, type: 'fullscreen-exit' })).submitted).toBe(true);
    const log = await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' }).orderBy('id');
    expect(log.map((e: { detail: { violation: string } }) => e.detail.violation)).toEqual(['fullscreen-exit', 'copy', 'fullscreen-exit', 'fullscreen-exit']);
  });

  it("submits on the event that passes the exam's own allowances", async () => {
    const strict = { proctoring: { ...PROCTORED.proctoring, tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 } };
    const tabs = await studentInExam({ settings: strict });
    expect((await call(tabs.socket, 'violation', { attemptId: tabs.attemptId, type: 'tab-switch' })).submitted).toBe(false);
    expect((await call(tabs.socket, 'violation', { attemptId: tabs.attemptId, type: 'tab-switch' })).submitted).toBe(true);
    const screens = await studentInExam({ settings: strict });
    expect((await call(screens.socket, 'violation', { attemptId: screens.attemptId, type: 'fullscreen-exit' })).submitted).toBe(true);
  });

  it('counts but never submits when the exam is not proctored', async () => {
    const { socket, attemptId } = await studentInExam();
    for (let i = 0; i < 6; i++) await call(socket, 'violation', { attemptId, type: 'tab-switch' });
    const row = await server.deps.db('attempts').where({ id: attemptId }).first('status', 'tab_switches');
    expect(row).toEqual({ status: 'in_progress', tab_switches: 6 });
  });

  it("takes violations arriving together each in its order, submits on the crossing one, and refuses an intruder's alone", async () => {
    const a = await studentInExam({ settings: PROCTORED });
    const b = await studentInExam({ settings: PROCTORED });
    const intruder = await connectAs(server, (await buildUser(server.deps, { role: 'student' })).email);
    sockets.push(intruder);
    await Promise.all([a, b].map((s) => call(s.socket, 'attempt:join', { attemptId: s.attemptId })));
    const told = nextEvent(a.socket, 'attempt:submitted');
    // Sent in one go, so the server takes them together.
    const [stolen, ...acks] = await Promise.all([
      call(intruder, 'violation', { attemptId: b.attemptId, type: 'tab-switch' }),
      ...[1, 2, 3, 4, 5].map(() => call(a.socket, 'violation', { attemptId: a.attemptId, type: 'tab-switch' })),
      call(b.socket, 'violation', { attemptId: b.attemptId, type: 'fullscreen-exit' }),
    ]);
    expect(stolen).toMatchObject({ ok: false, code: 'forbidden', message: SESSION_MSG.notYourAttempt });
    expect(acks.slice(0, 5).map((x) => [x.counts.tabSwitches, x.submitted])).toEqual([[1, false], [2, false], [3, false], [4, true], [4, true]]);
    expect(acks[5]).toEqual({ ok: true, counts: { tabSwitches: 0, fullscreenExits: 1 }, submitted: false });
    expect(await told).toEqual({ attemptId: a.attemptId, reason: 'violations' });
    const logged = async (attemptId: string) => (await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' })).length;
    expect([await logged(a.attemptId), await logged(b.attemptId)]).toEqual([4, 1]);
    expect(await server.deps.db('attempts').whereIn('id', [a.attemptId, b.attemptId]).orderBy('tab_switches', 'desc').select('status', 'tab_switches', 'warnings')).toEqual([
      { status: 'graded', tab_switches: 4, warnings: 3 },
      { status: 'in_progress', tab_switches: 0, warnings: 1 },
    ]);
  });

  it('keeps the event log append-only', async () => {
    const { socket, attemptId } = await studentInExam();
    await call(socket, 'violation', { attemptId, type: 'paste' });
    await expect(server.deps.db('attempt_events').where({ attempt_id: attemptId }).update({ type: 'edited' })).rejects.toThrow(/append-only/);
  });
});
