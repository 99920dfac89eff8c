import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PROCTOR_EVENTS, SOCKET_EVENTS, type AccommodationView, type AttemptAccommodationEvent, type AttemptBreakEvent, type ProctorRow } from '@exam/shared';
import { sweepOnce } from '../jobs/deadlineSweeper';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';
import { rowsForAttempts } from './proctorBoard';

/**
 * An accommodation in an exam being sat: the deadline a new attempt gets, the deadline sweeper
 * that ends it, the board row and the join acknowledgement, and standing waived checks.
 */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  // The sweeper runs only when a test calls it.
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const MINUTE = 60_000;

async function signedIn(role: 'teacher' | 'student') {
  const user = await buildUser(server.deps, { role });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

async function connected(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

/** Starts the student's attempt; its id, and its deadline in minutes after its start by the database clock. */
async function start(examId: string, token: string) {
  const res = await api('POST', `/exams/${examId}/start`, undefined, { token });
  expect(res.status).toBeLessThan(300);
  const attemptId = res.body.data.submission._id as string;
  const row = (await server.deps.db('attempts').where({ id: attemptId }).first(server.deps.db.raw('extract(epoch from deadline_at - started_at) / 60 as minutes'), 'time_multiplier')) as {
    minutes: string | number;
    time_multiplier: string | number;
  };
  return { attemptId, minutes: Number(row.minutes), multiplier: Number(row.time_multiplier), session: res.body.data.session };
}

/** Time passes for these attempts: their start and deadline move into the past, as the sweeper sees them. */
async function elapse(attemptIds: string[], minutes: number) {
  await server.deps
    .db('attempts')
    .whereIn('id', attemptIds)
    .update({
      started_at: server.deps.db.raw('started_at - make_interval(mins => ?)', [minutes]),
      deadline_at: server.deps.db.raw('deadline_at - make_interval(mins => ?)', [minutes]),
    });
}

/** 'open', or why the attempt was closed (the sweeper's is 'time-expired'). */
const closedAs = async (attemptId: string) => {
  const row = (await server.deps.db('attempts').where({ id: attemptId }).first('status', 'submit_reason')) as { status: string; submit_reason: string | null };
  return row.status === 'in_progress' ? 'open' : row.submit_reason;
};

describe('the time multiplier', () => {
  it('gives a 1.5× student 90 minutes of a 60-minute exam: the sweeper submits the 1× attempt past 60 minutes and theirs only past 90', async () => {
    const teacher = await signedIn('teacher');
    const exam = await buildExam(server.deps, teacher.user.id, { duration: 60 });
    const extra = await signedIn('student');
    const plain = await signedIn('student');
    await api('PUT', `/users/${extra.user.id}/accommodations`, { timeMultiplier: 1.5 }, { token: teacher.token });

    const [long, short] = [await start(exam.id, extra.token), await start(exam.id, plain.token)];
    expect([long.minutes, long.multiplier]).toEqual([90, 1.5]);
    expect([short.minutes, short.multiplier]).toEqual([60, 1]);
    expect(new Date(long.session.deadlineAt).getTime() - new Date(short.session.deadlineAt).getTime()).toBeGreaterThan(29 * MINUTE);

    await elapse([long.attemptId, short.attemptId], 61);
    await sweepOnce(server.deps);
    expect([await closedAs(short.attemptId), await closedAs(long.attemptId)]).toEqual(['time-expired', 'open']);

    await elapse([long.attemptId], 30);
    await sweepOnce(server.deps);
    expect(await closedAs(long.attemptId)).toBe('time-expired');
  });

  it('moves the window’s end by the same extra time, so a student starting 30 minutes before it ends still has until 30 minutes after', async () => {
    const teacher = await signedIn('teacher');
    const exam = await buildExam(server.deps, teacher.user.id, { duration: 60 });
    await server.deps
      .db('exams')
      .where({ id: exam.id })
      .update({ start_at: new Date(Date.now() - 90 * MINUTE), end_at: new Date(Date.now() + 30 * MINUTE) });
    const extra = await signedIn('student');
    const plain = await signedIn('student');
    await api('PUT', `/users/${extra.user.id}/accommodations`, { timeMultiplier: 1.5 }, { token: teacher.token });

    const end = ((await server.deps.db('exams').where({ id: exam.id }).first('end_at')) as { end_at: Date }).end_at.getTime();
    const long = await start(exam.id, extra.token);
    const short = await start(exam.id, plain.token);
    // 90 minutes' worth, limited by the window's end plus their 30 extra minutes; the 1× student by the end itself.
    expect(new Date(long.session.deadlineAt).getTime()).toBe(end + 30 * MINUTE);
    expect(new Date(short.session.deadlineAt).getTime()).toBe(end);
    expect(long.minutes).toBeGreaterThan(59);
    expect(long.minutes).toBeLessThan(61);
  });

  it('is fixed when the attempt starts: a resumed attempt keeps its deadline, the exam’s own multiplier replaces the standing one, and a proctor’s extra time still adds', async () => {
    const teacher = await signedIn('teacher');
    const exam = await buildExam(server.deps, teacher.user.id, { duration: 40 });
    const student = await signedIn('student');
    await api('PUT', `/users/${student.user.id}/accommodations`, { timeMultiplier: 1.5 }, { token: teacher.token });
    await api('PUT', `/exams/${exam.id}/accommodations/${student.user.id}`, { timeMultiplier: 2 }, { token: teacher.token });

    const first = await start(exam.id, student.token);
    expect([first.minutes, first.multiplier]).toEqual([80, 2]);
    await api('DELETE', `/exams/${exam.id}/accommodations/${student.user.id}`, undefined, { token: teacher.token });
    const resumed = await start(exam.id, student.token);
    expect(resumed.attemptId).toBe(first.attemptId);
    expect(resumed.session.deadlineAt).toBe(first.session.deadlineAt);

    const proctor = await connected(teacher.user.email);
    const extended = await call(proctor, PROCTOR_EVENTS.extend, { attemptId: first.attemptId, minutes: 10 });
    expect(extended.ok).toBe(true);
    expect(new Date(extended.deadlineAt).getTime() - new Date(first.session.deadlineAt).getTime()).toBe(10 * MINUTE);
  });
});

const FACE_PROCTORING = {
  enabled: true,
  preventTabSwitching: true,
  requireFullscreen: true,
  disableRightClick: true,
  preventCopyPaste: true,
  enableCamera: true,
  enableMicrophone: false,
  faceChecks: { enabled: true, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true },
};

/** A student sitting a camera-proctored exam, consented, started ten minutes ago and joined; the join's acknowledgement. */
async function sitting(teacher: { user: { id: string } }, student: { user: { email: string }; token: string }, examId: string) {
  const consent = await api('GET', `/exams/${examId}/consent`, undefined, { token: student.token });
  if (consent.body.data.required) await api('POST', `/exams/${examId}/consent`, { profileHash: consent.body.data.profileHash }, { token: student.token });
  const { attemptId } = await start(examId, student.token);
  await server.deps
    .db('attempts')
    .where({ id: attemptId })
    .update({ started_at: new Date(Date.now() - 10 * MINUTE) });
  const socket = await connected(student.user.email);
  const joined = await call(socket, 'attempt:join', { attemptId });
  expect(joined.ok).toBe(true);
  return { attemptId, socket, joined };
}

const flag = (attemptId: string, type: string) => ({ attemptId, type, durationMs: 5000, confidence: 0.8 });
const violationsOf = async (attemptId: string) =>
  ((await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' }).orderBy('created_at')) as { detail: { violation: string } }[]).map((e) => e.detail.violation);

describe('standing waived checks', () => {
  it('silence a check as the exam’s waiver would, and a change applies to the next flag at once', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    const exam = await buildExam(server.deps, teacher.user.id, { questions: 1, settings: { proctoring: FACE_PROCTORING } });
    await api('PUT', `/users/${student.user.id}/accommodations`, { waivedChecks: ['face'], note: 'Facial difference' }, { token: teacher.token });
    // The student is told before they consent which checks do not apply to them.
    expect((await api('GET', `/exams/${exam.id}/consent`, undefined, { token: student.token })).body.data.waivers).toEqual(['face']);
    const { attemptId, socket } = await sitting(teacher, student, exam.id);

    expect(await call(socket, 'violation', flag(attemptId, 'face-missing'))).toMatchObject({ ok: true, ignored: true });
    expect((await call(socket, 'violation', flag(attemptId, 'screen-share-ended'))).ignored).toBeUndefined();

    // The exam's own replaces the standing one: the screen is waived now, the face no longer.
    expect((await api('PUT', `/exams/${exam.id}/accommodations/${student.user.id}`, { waivedChecks: ['screen-share'] }, { token: teacher.token })).status).toBe(200);
    expect(await call(socket, 'violation', flag(attemptId, 'screen-not-whole'))).toMatchObject({ ok: true, ignored: true });
    expect((await call(socket, 'violation', flag(attemptId, 'faces-multiple'))).ignored).toBeUndefined();
    expect(await violationsOf(attemptId)).toEqual(['screen-share-ended', 'faces-multiple']);
  });
});

describe('what the board and the student’s screen read', () => {
  it('is the view of what applies, never the staff’s note, and null for a student given nothing', async () => {
    const teacher = await signedIn('teacher');
    const exam = await buildExam(server.deps, teacher.user.id, { questions: 1 });
    const given = await signedIn('student');
    const plain = await signedIn('student');
    const waiting = await signedIn('student');
    const NOTE = 'Medical letter on file: type 1 diabetes';
    await api('PUT', `/users/${given.user.id}/accommodations`, { timeMultiplier: 1.25, restBreakMinutes: 15, largerText: true, note: NOTE }, { token: teacher.token });
    await api('PUT', `/users/${waiting.user.id}/accommodations`, { reducedDistraction: true, note: NOTE }, { token: teacher.token });
    // Nothing given, only a note: nothing for the board to show.
    await api('PUT', `/users/${plain.user.id}/accommodations`, { note: NOTE }, { token: teacher.token });
    const view: AccommodationView = { timeMultiplier: 1.25, restBreakMinutes: 15, breaksAutomatic: false, waivedChecks: [], reducedDistraction: false, largerText: true };

    const started = await start(exam.id, given.token);
    expect(started.session.accommodation).toEqual(view);
    const { joined } = await sitting(teacher, given, exam.id);
    expect(joined.data.accommodation).toEqual(view);
    expect(JSON.stringify(joined)).not.toContain(NOTE);
    expect((await sitting(teacher, plain, exam.id)).joined.data.accommodation).toBeNull();

    const proctor = await connected(teacher.user.email);
    const board = await watchBoard(proctor, exam.id);
    const row = (id: string) => board.students.find((r: ProctorRow) => r.student._id === id);
    expect(row(given.user.id)?.accommodation).toEqual(view);
    expect(row(plain.user.id)?.accommodation).toBeNull();
    // Not started yet: the board already says what they will be given.
    expect(row(waiting.user.id)).toMatchObject({ status: 'not-started', accommodation: { reducedDistraction: true, timeMultiplier: 1 } });
    expect(JSON.stringify(board.students)).not.toContain(NOTE);

    // The live rows sent as attempts change carry it too.
    const live = await rowsForAttempts(server.deps.db, [started.attemptId], new Set());
    expect(live.map((r) => r.row.accommodation)).toEqual([view]);
  });
});

describe('an accommodation changed mid-exam', () => {
  it('reaches the student’s screen and the board row at once, without the staff’s note, and leaves the deadline as it was', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    const exam = await buildExam(server.deps, teacher.user.id, { questions: 1 });
    const started = await api('POST', `/exams/${exam.id}/start`, undefined, { token: student.token });
    const attemptId = started.body.data.submission._id as string;
    const deadlineAt = started.body.data.session.deadlineAt as string;
    const screen = await connected(student.user.email);
    expect((await call(screen, 'attempt:join', { attemptId })).data.accommodation).toBeNull();
    const proctor = await connected(teacher.user.email);
    await watchBoard(proctor, exam.id);

    const told = nextEvent<AttemptAccommodationEvent>(screen, PROCTOR_EVENTS.accommodation);
    const breaks = nextEvent<AttemptBreakEvent>(screen, SOCKET_EVENTS.break);
    const row = nextEvent<ProctorRow>(proctor, PROCTOR_EVENTS.row);
    const NOTE = 'Reading support agreed with the family today';
    await api('PUT', `/users/${student.user.id}/accommodations`, { largerText: true, restBreakMinutes: 10, timeMultiplier: 1.5, note: NOTE }, { token: teacher.token });
    const event = await told;
    expect(event).toEqual({ attemptId, accommodation: { timeMultiplier: 1.5, restBreakMinutes: 10, breaksAutomatic: false, waivedChecks: [], reducedDistraction: false, largerText: true } });
    expect(JSON.stringify(event)).not.toContain(NOTE);
    // The break button follows the new allowance at once.
    expect((await breaks).break).toMatchObject({ state: 'none', allowanceMs: 10 * 60_000, usedMs: 0 });
    const changedRow = await row;
    expect(changedRow.accommodation).toMatchObject({ largerText: true, restBreakMinutes: 10 });
    expect(changedRow.break).toMatchObject({ state: 'none', allowanceMs: 10 * 60_000 });

    // The exam's own, then its removal: back to the standing one; removing that leaves nothing to show.
    const examOwn = nextEvent<AttemptAccommodationEvent>(screen, PROCTOR_EVENTS.accommodation);
    await api('PUT', `/exams/${exam.id}/accommodations/${student.user.id}`, { reducedDistraction: true }, { token: teacher.token });
    expect((await examOwn).accommodation).toMatchObject({ reducedDistraction: true, largerText: false });
    const back = nextEvent<AttemptAccommodationEvent>(screen, PROCTOR_EVENTS.accommodation);
    await api('DELETE', `/exams/${exam.id}/accommodations/${student.user.id}`, undefined, { token: teacher.token });
    expect((await back).accommodation).toMatchObject({ largerText: true });
    const none = nextEvent<AttemptAccommodationEvent>(screen, PROCTOR_EVENTS.accommodation);
    const noBreaks = nextEvent<AttemptBreakEvent>(screen, SOCKET_EVENTS.break);
    await api('DELETE', `/users/${student.user.id}/accommodations`, undefined, { token: teacher.token });
    expect((await none).accommodation).toBeNull();
    expect((await noBreaks).break).toMatchObject({ state: 'none', allowanceMs: 0 });

    // Extra time is given when an attempt starts; mid-exam it is the proctor's extension.
    const row2 = (await server.deps.db('attempts').where({ id: attemptId }).first('deadline_at')) as { deadline_at: Date };
    expect(row2.deadline_at.toISOString()).toBe(deadlineAt);
  });

  it('of another exam’s own accommodation does not reach this attempt', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    const sat = await buildExam(server.deps, teacher.user.id, { questions: 1 });
    const other = await buildExam(server.deps, teacher.user.id, { questions: 1 });
    const attemptId = (await api('POST', `/exams/${sat.id}/start`, undefined, { token: student.token })).body.data.submission._id as string;
    const screen = await connected(student.user.email);
    await call(screen, 'attempt:join', { attemptId });
    const heard: AttemptAccommodationEvent[] = [];
    screen.on(PROCTOR_EVENTS.accommodation, (e: AttemptAccommodationEvent) => heard.push(e));

    await api('PUT', `/exams/${other.id}/accommodations/${student.user.id}`, { largerText: true }, { token: teacher.token });
    // A change that does reach it, after: the events of one room arrive in order.
    const mine = nextEvent<AttemptAccommodationEvent>(screen, PROCTOR_EVENTS.accommodation);
    await api('PUT', `/exams/${sat.id}/accommodations/${student.user.id}`, { reducedDistraction: true }, { token: teacher.token });
    await mine;
    expect(heard.map((e) => e.accommodation?.reducedDistraction)).toEqual([true]);
  });
});
