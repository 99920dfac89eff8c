import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { BREAK_MSG, PROCTOR_EVENTS, SOCKET_EVENTS, type AttemptBreakEvent, type ProctorRow } from '@exam/shared';
import { endDueBreaks } from '../jobs/breakEnder';
import { sweepOnce } from '../jobs/deadlineSweeper';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';

/**
 * Rest breaks (issue 56) over real sockets: the student asks, a proctor grants or refuses, the
 * clock stops (the deadline moves by the time paused), saves, violations and the student's submit
 * wait, and breaks past their allowance end by themselves. Time passes by moving the rows'
 * timestamps back, as the database's clock would see it.
 */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  // The sweeper and the break job run only when a test calls them.
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const MINUTE = 60_000;
const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const PROCTORED = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false } };

async function signedIn(role: 'teacher' | 'student') {
  const user = await buildUser(server.deps, { role });
  if (role === 'student') await server.deps.db('users').where({ id: user.id }).update({ grade: 7 });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  const socket = await connectAs(server, user.email);
  sockets.push(socket);
  return { user, token, socket };
}

/** A proctored exam whose teacher watches the board, and a student sitting it with `breaks` minutes of rest breaks. */
async function sitting(breaks: { restBreakMinutes: number; breaksAutomatic?: boolean }) {
  const teacher = await signedIn('teacher');
  const exam = await buildExam(server.deps, teacher.user.id, { duration: 30, grade: 7, settings: PROCTORED });
  const student = await signedIn('student');
  if (breaks.restBreakMinutes) await api('PUT', `/users/${student.user.id}/accommodations`, breaks, { token: teacher.token });
  const start = await api('POST', `/exams/${exam.id}/start`, undefined, { token: student.token });
  expect(start.status).toBeLessThan(300);
  const attemptId = start.body.data.submission._id as string;
  const joined = await call(student.socket, SOCKET_EVENTS.join, { attemptId });
  expect(joined.ok).toBe(true);
  const feed: { type: string; attemptId: string; detail: Record<string, unknown> }[] = [];
  const rows = new Map<string, ProctorRow>();
  teacher.socket.on(PROCTOR_EVENTS.event, (e) => feed.push(e));
  teacher.socket.on(PROCTOR_EVENTS.row, (r: ProctorRow) => rows.set(r.attemptId!, r));
  await watchBoard(teacher.socket, exam.id);
  return { teacher, exam, student, attemptId, join: joined.data, feed, rows };
}

const attempt = async (id: string) =>
  (await server.deps.db('attempts').where({ id }).first()) as {
    status: string;
    deadline_at: Date;
    break_used_ms: number;
    break_started_at: Date | null;
    break_ends_at: Date | null;
    tab_switches: number;
    submit_reason: string | null;
  };

/** `minutes` pass for the attempt: every time of it moves that far into the past. */
async function elapse(attemptId: string, minutes: number) {
  const back = (col: string) => server.deps.db.raw(`${col} - make_interval(secs => ?)`, [minutes * 60]);
  await server.deps
    .db('attempts')
    .where({ id: attemptId })
    .update({ started_at: back('started_at'), deadline_at: back('deadline_at'), break_started_at: back('break_started_at'), break_ends_at: back('break_ends_at') });
}

const near = (actual: number, expected: number, slackMs = 3000) => expect(Math.abs(actual - expected)).toBeLessThan(slackMs);
const waitFor = (pred: () => boolean) => expect.poll(pred, { timeout: 10_000 }).toBe(true);

describe('a rest break a proctor grants', () => {
  it('stops the clock: the student hears it, saves, violations and their submit wait, and the deadline moves by exactly the time taken', async () => {
    const { teacher, exam, student, attemptId, join, feed, rows } = await sitting({ restBreakMinutes: 10 });
    expect(join.break).toMatchObject({ state: 'none', allowanceMs: 10 * MINUTE, usedMs: 0, automatic: false });
    const before = (await attempt(attemptId)).deadline_at.getTime();

    const asked = await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    expect(asked).toMatchObject({ ok: true, break: { state: 'requested' } });
    await waitFor(() => feed.some((e) => e.type === 'break-requested' && e.attemptId === attemptId));
    await waitFor(() => rows.get(attemptId)?.break?.state === 'requested');
    expect(await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' })).toMatchObject({ ok: false, code: 'conflict', message: BREAK_MSG.breakAlreadyAsked });

    const heard = nextEvent<AttemptBreakEvent>(student.socket, SOCKET_EVENTS.break);
    const time = nextEvent<{ deadlineAt: string }>(student.socket, SOCKET_EVENTS.time);
    const granted = await call(teacher.socket, PROCTOR_EVENTS.break, { attemptId, action: 'grant' });
    expect(granted).toMatchObject({ ok: true, break: { state: 'on-break', usedMs: 0 } });
    expect((await heard).break.state).toBe('on-break');
    near(new Date((await time).deadlineAt).getTime(), before + 10 * MINUTE);
    await waitFor(() => rows.get(attemptId)?.break?.state === 'on-break');
    await waitFor(() => feed.some((e) => e.type === 'break-started' && typeof e.detail.byName === 'string'));
    // A board opened now shows it too.
    const reopened = await watchBoard(teacher.socket, exam.id);
    expect(reopened.students.find((r) => r.attemptId === attemptId)?.break).toMatchObject({ state: 'on-break', allowanceMs: 10 * MINUTE });

    // Past the second that lets saves already in flight land.
    await elapse(attemptId, 2 / 60);
    const question = (await server.deps.db('attempts').where({ id: attemptId }).first('question_order')).question_order[0] as string;
    expect(await call(student.socket, SOCKET_EVENTS.save, { attemptId, questionId: question, answer: 'on a break', seq: 1 })).toMatchObject({ ok: false, code: 'on-break', message: BREAK_MSG.onBreak });
    expect(await server.deps.db('answers').where({ attempt_id: attemptId })).toHaveLength(0);
    expect(await call(student.socket, SOCKET_EVENTS.violation, { attemptId, type: 'tab-switch' })).toMatchObject({ ok: true, ignored: true, submitted: false });
    expect((await attempt(attemptId)).tab_switches).toBe(0);
    expect(await call(student.socket, SOCKET_EVENTS.submit, { attemptId })).toMatchObject({ ok: false, code: 'on-break' });
    expect((await attempt(attemptId)).status).toBe('in_progress');

    // Two minutes on the break, then back: the two minutes are added to the time the student had.
    await elapse(attemptId, 2);
    const shifted = before - (2 + 2 / 60) * MINUTE;
    const back = nextEvent<{ deadlineAt: string }>(student.socket, SOCKET_EVENTS.time);
    const ended = await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'end' });
    expect(ended).toMatchObject({ ok: true, break: { state: 'none', startedAt: null } });
    near(ended.break.usedMs, (2 + 2 / 60) * MINUTE);
    const after = await attempt(attemptId);
    near(after.deadline_at.getTime(), shifted + (2 + 2 / 60) * MINUTE);
    near(new Date((await back).deadlineAt).getTime(), after.deadline_at.getTime(), 5);
    await waitFor(() => feed.some((e) => e.type === 'break-ended' && e.attemptId === attemptId));
    await waitFor(() => rows.get(attemptId)?.break?.state === 'none');
    expect(await call(student.socket, SOCKET_EVENTS.save, { attemptId, questionId: question, answer: 'back', seq: 2 })).toMatchObject({ ok: true });

    // A second break has only what is left of the ten minutes.
    await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    const second = await call(teacher.socket, PROCTOR_EVENTS.break, { attemptId, action: 'grant' });
    near(Date.parse(second.break.endsAt) - Date.parse(second.break.startedAt), 10 * MINUTE - ended.break.usedMs, 5);
    near((await attempt(attemptId)).deadline_at.getTime(), after.deadline_at.getTime() + 10 * MINUTE - ended.break.usedMs, 5);
    const types = (await server.deps.db('attempt_events').where({ attempt_id: attemptId }).whereLike('type', 'break-%').orderBy('id').pluck('type')) as string[];
    expect(types).toEqual(['break-requested', 'break-started', 'break-ended', 'break-requested', 'break-started']);
  });

  it('is refused to a student without break time, and one refused hears it', async () => {
    const none = await sitting({ restBreakMinutes: 0 });
    expect(none.join.break).toBeNull();
    expect(await call(none.student.socket, SOCKET_EVENTS.break, { attemptId: none.attemptId, action: 'request' })).toMatchObject({ ok: false, code: 'conflict', message: BREAK_MSG.breakNotGiven });

    const { teacher, student, attemptId, feed } = await sitting({ restBreakMinutes: 5 });
    expect(await call(teacher.socket, PROCTOR_EVENTS.break, { attemptId, action: 'grant' })).toMatchObject({ ok: false, code: 'conflict', message: BREAK_MSG.breakNotAsked });
    await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    const heard = nextEvent<AttemptBreakEvent>(student.socket, SOCKET_EVENTS.break);
    expect(await call(teacher.socket, PROCTOR_EVENTS.break, { attemptId, action: 'refuse' })).toMatchObject({ ok: true, break: { state: 'none' } });
    expect(await heard).toMatchObject({ refused: true, break: { state: 'none', requestedAt: null } });
    await waitFor(() => feed.some((e) => e.type === 'break-refused' && typeof e.detail.by === 'string'));
    expect(await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'end' })).toMatchObject({ ok: false, code: 'conflict', message: BREAK_MSG.notOnBreak });
    expect((await attempt(attemptId)).break_used_ms).toBe(0);
  });

  it('is not the business of a proctor of another exam', async () => {
    const { student, attemptId } = await sitting({ restBreakMinutes: 5 });
    await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    const stranger = await signedIn('teacher');
    expect(await call(stranger.socket, PROCTOR_EVENTS.break, { attemptId, action: 'grant' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(student.socket, PROCTOR_EVENTS.break, { attemptId, action: 'grant' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await attempt(attemptId)).break_started_at).toBeNull();
  });
});

describe('an automatic break', () => {
  it('starts when the student asks, without a proctor, and may be withdrawn only while asked', async () => {
    const { exam, student, attemptId, feed } = await sitting({ restBreakMinutes: 3, breaksAutomatic: true });
    const started = await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    expect(started).toMatchObject({ ok: true, break: { state: 'on-break', automatic: true, allowanceMs: 3 * MINUTE } });
    await waitFor(() => feed.some((e) => e.type === 'break-started' && e.attemptId === attemptId && e.detail.by === undefined));
    expect(await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'cancel' })).toMatchObject({ ok: true, break: { state: 'on-break' } });

    // Over REST as over the socket: no saves, no submission, until the student is back.
    await elapse(attemptId, 2 / 60);
    const questionId = ((await server.deps.db('attempts').where({ id: attemptId }).first('question_order')) as { question_order: string[] }).question_order[0];
    const saved = await api('POST', '/submissions/answer', { submissionId: attemptId, questionId, answer: 'away' }, { token: student.token });
    expect([saved.status, saved.body.message]).toEqual([409, BREAK_MSG.onBreak]);
    expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: student.token })).status).toBe(409);
    expect((await api('POST', '/submissions', { examId: exam.id, answers: {} }, { token: student.token })).status).toBe(409);
    expect((await attempt(attemptId)).status).toBe('in_progress');
    await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'end' });
    expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: student.token })).status).toBe(200);
  });
});

describe('the clock while on a break', () => {
  it('the sweeper leaves a paused attempt open past its first deadline, the job ends the break at its allowance, and the sweeper closes it at the moved deadline', async () => {
    const { teacher, student, attemptId, feed } = await sitting({ restBreakMinutes: 10 });
    // 25 of the 30 minutes go by: five are left when the student asks.
    await elapse(attemptId, 25);
    const original = (await attempt(attemptId)).deadline_at.getTime();
    await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    await call(teacher.socket, PROCTOR_EVENTS.break, { attemptId, action: 'grant' });

    // Seven minutes into the break, two past the deadline it had: still open, still on the break.
    await elapse(attemptId, 7);
    await sweepOnce(server.deps);
    await endDueBreaks(server.deps);
    expect(await attempt(attemptId)).toMatchObject({ status: 'in_progress', break_started_at: expect.any(Date) });

    // The ten minutes run out: the job ends the break, and the deadline holds all of them.
    await elapse(attemptId, 3.1);
    const heard = nextEvent<AttemptBreakEvent>(student.socket, SOCKET_EVENTS.break);
    expect(await endDueBreaks(server.deps)).toBeGreaterThanOrEqual(1);
    expect((await heard).break).toMatchObject({ state: 'none', usedMs: 10 * MINUTE });
    const ended = await attempt(attemptId);
    expect([ended.break_started_at, ended.break_used_ms]).toEqual([null, 10 * MINUTE]);
    near(ended.deadline_at.getTime(), original - 10.1 * MINUTE + 10 * MINUTE);
    await waitFor(() => feed.some((e) => e.type === 'break-ended' && e.detail.pausedMs === 10 * MINUTE));
    expect(await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' })).toMatchObject({ ok: false, code: 'conflict', message: BREAK_MSG.breakUsedUp });

    // The five minutes the student had left pass: now the sweeper submits.
    await elapse(attemptId, 5);
    await sweepOnce(server.deps);
    expect(await attempt(attemptId)).toMatchObject({ status: expect.not.stringMatching('in_progress'), submit_reason: 'time-expired' });
  });

  it('a proctor may still submit an attempt on a break', async () => {
    const { teacher, student, attemptId } = await sitting({ restBreakMinutes: 10, breaksAutomatic: true });
    await call(student.socket, SOCKET_EVENTS.break, { attemptId, action: 'request' });
    await elapse(attemptId, 1);
    expect(await call(teacher.socket, PROCTOR_EVENTS.submit, { attemptId })).toMatchObject({ ok: true });
    expect((await attempt(attemptId)).submit_reason).toBe('proctor');
  });
});
