import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PROCTOR_EVENTS, SOCKET_EVENTS, type AttemptAccommodationEvent, type AttemptBreakEvent, type ProctorRow } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';

/** An accommodation changed while the student sits the exam reaches their screen and the board at once. */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

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
