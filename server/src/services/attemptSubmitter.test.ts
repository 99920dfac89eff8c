import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Socket } from 'socket.io-client';
import { randomUUID } from 'node:crypto';
import type { UserRow } from '../db/userRow';
import { sweepOnce } from '../jobs/deadlineSweeper';
import { startSession } from './sessions';
import { createAnswerSaver } from './answerSaver';
import { createAttemptSubmitter } from './attemptSubmitter';
import { buildAttempt, buildExam, buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, openSocket } from '../test/sockets';

// Submissions are grouped like saves. Whatever they race, each attempt ends with ONE
// submission that holds every answer the student was told was saved.
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  // The sweeper runs only when a test calls it, so each race is the one the test sets up.
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const PROCTORED = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false } };

let teacher: Awaited<ReturnType<typeof buildUser>> | undefined;
async function teacherOf() {
  return (teacher ??= await buildUser(server.deps, { role: 'teacher' }));
}

/** A signed-in student (session made directly, sparing a password hash) who started the exam and joined it over a socket. */
async function sitting(examId: string) {
  const [student] = (await server.deps
    .db('users')
    .insert({ email: `sub-${randomUUID()}@school.test`, password_hash: 'x', first_name: 'S', last_name: 'T', role: 'student', grade: 10, section: 'B', is_verified: true })
    .returning('*')) as UserRow[];
  await server.deps.db('user_settings').insert({ user_id: student!.id });
  const { accessToken: token } = await startSession(server.deps, server.deps.db, student!, {});
  const start = await server.api('POST', `/exams/${examId}/start`, undefined, { token });
  const attemptId = start.body.data.submission._id as string;
  const socket = await openSocket(server.url, token);
  sockets.push(socket);
  expect(await call(socket, 'attempt:join', { attemptId })).toMatchObject({ ok: true });
  return { studentId: student!.id, token, socket, attemptId, questionIds: start.body.data.questions.map((q: { _id: string }) => q._id) as string[] };
}

type Ack = { ok: boolean; code?: string; reason?: string | null; submissionId?: string };

/** Saves on the socket without waiting; remembers which the server acknowledged. */
function saver(socket: Socket, attemptId: string) {
  const acked = new Map<string, { answer: string; seq: number }>();
  const sent: Promise<Ack>[] = [];
  return {
    acked,
    sent,
    save(questionId: string, answer: string, seq: number) {
      const p = call<Ack>(socket, 'answer:save', { attemptId, questionId, answer, seq }).then((ack) => {
        if (ack.ok && (acked.get(questionId)?.seq ?? 0) < seq) acked.set(questionId, { answer, seq });
        return ack;
      });
      sent.push(p);
      return p;
    },
  };
}

/** One submission (one row closed, one `submitted` event) holding every acknowledged answer, graded. */
async function expectOneSubmissionHolding(attemptId: string, acked: Map<string, { answer: string; seq: number }>) {
  const attempt = await server.deps.db('attempts').where({ id: attemptId }).first();
  expect(attempt.status).not.toBe('in_progress');
  const events = await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'submitted' });
  expect(events).toHaveLength(1);
  expect(events[0].detail).toEqual({ reason: attempt.submit_reason });
  const stored = new Map(
    ((await server.deps.db('answers').where({ attempt_id: attemptId }).select('question_id', 'answer', 'seq', 'marks')) as { question_id: string; answer: string; seq: number; marks: string | null }[]).map((a) => [a.question_id, a]),
  );
  for (const [questionId, { answer, seq }] of acked) {
    expect(stored.get(questionId)).toMatchObject({ answer, seq });
    // Graded in the submission: the factory's multiple-choice key is "Four".
    expect(Number(stored.get(questionId)!.marks) > 0).toBe(answer === 'Four');
  }
  expect(attempt.correct_count).toBe([...acked.values()].filter((a) => a.answer === 'Four').length);
  return attempt as { submit_reason: string; status: string };
}

describe('a submission racing its own saves', () => {
  it('holds every save sent before it, each acknowledged, and is acknowledged itself after the commit', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 4 });
    const s = await sitting(exam.id);
    const saves = saver(s.socket, s.attemptId);
    // Three versions of each answer, then submit, all without waiting: the last versions are the keeper.
    for (let seq = 1; seq <= 3; seq++) s.questionIds.forEach((q, i) => saves.save(q, seq === 3 && i % 2 === 0 ? 'Four' : `draft ${seq}`, seq));
    const submitted = call<Ack>(s.socket, 'attempt:submit', { attemptId: s.attemptId });
    const acks = await Promise.all(saves.sent);
    expect(await submitted).toEqual({ ok: true, submissionId: s.attemptId, reason: 'student' });
    // Sent before the submit, so written before it closed the attempt: not one refused as closed.
    expect(acks.every((a) => a.ok)).toBe(true);
    expect(saves.acked.size).toBe(4);
    await expectOneSubmissionHolding(s.attemptId, saves.acked);
    // And a save after the submission is refused: the attempt is closed.
    expect(await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questionIds[0], answer: 'late', seq: 9 })).toMatchObject({ ok: false, code: 'attempt-closed' });
  });

  it('over REST (POST /submissions) fills in only what autosave lacks and records the client’s time', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 3 });
    const s = await sitting(exam.id);
    const saves = saver(s.socket, s.attemptId);
    void saves.save(s.questionIds[0]!, 'Four', 2);
    // The REST call arrives while that save may still be queued: the saved answer wins. Socket and
    // HTTP are two roads, so now and then the REST call overtakes the save, which then finds the
    // attempt closed and is refused, never acknowledged: either way nothing acknowledged is lost.
    const res = await server.api('POST', '/submissions', { examId: exam.id, answers: { [s.questionIds[0]!]: 'stale', [s.questionIds[1]!]: 'Four' }, timeSpent: 321.4, securityFlags: { tabSwitches: 1 } }, { token: s.token });
    const [saveAck] = await Promise.all(saves.sent);
    expect(res.status).toBe(200);
    if (!saveAck!.ok) expect(saveAck).toMatchObject({ code: 'attempt-closed' });
    const attempt = await server.deps.db('attempts').where({ id: s.attemptId }).first();
    expect(attempt).toMatchObject({ status: 'graded', submit_reason: 'student', client_time_spent: 321, client_security_flags: { tabSwitches: 1 }, correct_count: saveAck!.ok ? 2 : 1 });
    const filled = saveAck!.ok ? [] : [[s.questionIds[0]!, { answer: 'stale', seq: 1 }] as const];
    await expectOneSubmissionHolding(s.attemptId, new Map([...saves.acked, ...filled, [s.questionIds[1]!, { answer: 'Four', seq: 1 }]]));
  });
});

describe('a submission racing the sweeper', () => {
  it('ends each attempt once, by whichever came first, with every acknowledged answer', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 2 });
    const students = await Promise.all(Array.from({ length: 6 }, () => sitting(exam.id)));
    const saves = students.map((s) => saver(s.socket, s.attemptId));
    await Promise.all(students.map((s, i) => saves[i]!.save(s.questionIds[i % 2]!, 'Four', 1)));
    // Every attempt is past its deadline and the grace: due for the sweeper, while its student submits.
    await server.deps.db('attempts').where({ exam_id: exam.id }).update({ deadline_at: server.deps.db.raw("now() - interval '5 seconds'") });
    const [acks] = await Promise.all([
      Promise.all(students.map((s) => call<Ack>(s.socket, 'attempt:submit', { attemptId: s.attemptId }))),
      sweepOnce(server.deps),
      sweepOnce(server.deps),
    ]);
    for (const [i, s] of students.entries()) {
      const attempt = await expectOneSubmissionHolding(s.attemptId, saves[i]!.acked);
      // The student hears how it really ended.
      expect(acks[i]).toEqual({ ok: true, submissionId: s.attemptId, reason: attempt.submit_reason });
      expect(['student', 'time-expired']).toContain(attempt.submit_reason);
    }
  });
});

describe('a proctor force-submit racing the student', () => {
  it('ends the attempt once: the other side hears it was already submitted', async () => {
    const t = await teacherOf();
    const exam = await buildExam(server.deps, t.id, { questions: 2, settings: PROCTORED });
    const { accessToken } = await startSession(server.deps, server.deps.db, t, {});
    const proctor = await openSocket(server.url, accessToken);
    sockets.push(proctor);
    const s = await sitting(exam.id);
    const saves = saver(s.socket, s.attemptId);
    await saves.save(s.questionIds[0]!, 'Four', 1);
    void saves.save(s.questionIds[1]!, 'wrong', 1);
    const [byProctor, byStudent] = await Promise.all([
      call<Ack & { message?: string }>(proctor, 'proctor:submit', { attemptId: s.attemptId }),
      call<Ack>(s.socket, 'attempt:submit', { attemptId: s.attemptId }),
    ]);
    await Promise.all(saves.sent);
    const attempt = await expectOneSubmissionHolding(s.attemptId, saves.acked);
    if (byProctor.ok) expect(attempt.submit_reason).toBe('proctor');
    else {
      expect(byProctor).toMatchObject({ ok: false, code: 'conflict', message: 'This attempt has already been submitted.' });
      expect(attempt.submit_reason).toBe('student');
    }
    expect(byStudent).toEqual({ ok: true, submissionId: s.attemptId, reason: attempt.submit_reason });
  });
});

describe.runIf(process.env.DATABASE_URL)('a violation over the allowance racing the student’s save', () => {
  it('waits for the save in flight, so the submission for violations holds it', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 2, settings: PROCTORED });
    const s = await sitting(exam.id);
    const saves = saver(s.socket, s.attemptId);
    const [q0] = s.questionIds;
    await saves.save(q0!, 'wrong', 1);
    for (let n = 0; n < 3; n++) expect(await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' })).toMatchObject({ ok: true, submitted: false });
    // Another transaction holds the saved answer's row, so the next save's statement, past its
    // check that the attempt is open, waits with the attempt locked for the save.
    const trx = await server.deps.db.transaction();
    onTestFinished(async () => {
      if (!trx.isCompleted()) await trx.rollback();
    });
    await trx('answers').where({ attempt_id: s.attemptId, question_id: q0 }).forUpdate().first();
    const { xid } = (await trx.raw('select pg_current_xact_id()::text::bigint as xid')).rows[0] as { xid: number };
    const waitingOn = async () => (await server.deps.db.raw("select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted and transactionid::text = ?", [String(xid)])).rows[0].n as number;
    const late = saves.save(q0!, 'Four', 2);
    await expect.poll(waitingOn, { timeout: 10_000 }).toBe(1);
    // The fourth tab switch ends the attempt: its submission must wait for that save, not grade without it.
    let crossedAck: { ok: boolean; submitted?: boolean } | undefined;
    const crossing = call<{ ok: boolean; submitted?: boolean }>(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' }).then((a) => (crossedAck = a));
    await expect
      .poll(async () => crossedAck !== undefined || (await server.deps.db.raw("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%for update%'")).rows[0].n > 0, { timeout: 10_000 })
      .toBe(true);
    await trx.commit();
    await crossing;
    expect(await late).toMatchObject({ ok: true });
    expect(crossedAck).toMatchObject({ ok: true, submitted: true });
    const attempt = await expectOneSubmissionHolding(s.attemptId, saves.acked);
    expect(attempt.submit_reason).toBe('violations');
  });
});

describe.runIf(process.env.DATABASE_URL)('a violation being recorded', () => {
  it('does not hold up the same student’s saves: only closing the attempt waits for them', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 2, settings: PROCTORED });
    const s = await sitting(exam.id);
    const saves = saver(s.socket, s.attemptId);
    // The violation's transaction stops at writing its counts and log line, its attempt already locked.
    const trx = await server.deps.db.transaction();
    onTestFinished(async () => {
      if (!trx.isCompleted()) await trx.rollback();
    });
    await trx.raw('lock table attempt_events in share mode');
    const violation = call<{ ok: boolean; submitted?: boolean }>(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' });
    await expect
      .poll(async () => (await server.deps.db.raw(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%insert into attempt_events%'`)).rows[0].n, { timeout: 10_000 })
      .toBe(1);
    // A student who switched tabs and came back goes on answering, acknowledged meanwhile.
    expect(await saves.save(s.questionIds[0]!, 'Four', 1)).toMatchObject({ ok: true });
    await trx.commit();
    expect(await violation).toMatchObject({ ok: true, submitted: false });
    expect(await server.deps.db('answers').where({ attempt_id: s.attemptId }).first('answer')).toMatchObject({ answer: 'Four' });
  });
});

describe('many submissions at once', () => {
  it('close in one batch, and an attempt the database refuses fails alone', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 1 });
    const questionId = exam.questionIds[0]!;
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const student = await buildUser(server.deps, { role: 'student' });
        const { id } = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
        await server.deps.db('attempts').where({ id }).update({ question_order: JSON.stringify([questionId]) });
        expect(await server.deps.answerSaver.save({ attemptId: id, questionId, answer: 'Four', seq: 1 }, student.id)).toMatchObject({ ok: true });
        return { id, studentId: student.id };
      }),
    );
    const poisoned = attempts[7]!.id;
    // A constraint that refuses closing one attempt, standing in for whatever could make one fail.
    await server.deps.db.raw(`ALTER TABLE attempts ADD CONSTRAINT test_refuses_closing CHECK (status = 'in_progress' OR id <> '${poisoned}')`);
    onTestFinished(async () => {
      await server.deps.db.raw('ALTER TABLE attempts DROP CONSTRAINT test_refuses_closing');
    });
    // Counts the statements that lock attempts to submit them: one per batch (and per retried half).
    const locks: unknown[][] = [];
    const onQuery = (q: { sql: string; bindings?: unknown[] }) => {
      if (/order by "id" asc for update$/.test(q.sql)) locks.push(q.bindings ?? []);
    };
    // Submissions run on the live session's own connections.
    server.deps.liveDb.on('query', onQuery);
    onTestFinished(() => void server.deps.liveDb.removeListener('query', onQuery));

    const outcomes = await Promise.allSettled(attempts.map((a) => server.deps.submitter.submit({ attemptId: a.id, reason: 'student', actorId: a.studentId })));

    // Batching happened: the first statement locked all twenty.
    expect(locks[0]).toEqual(expect.arrayContaining(attempts.map((a) => a.id)));
    expect(locks.length).toBeLessThan(attempts.length);
    expect(outcomes.flatMap((o, i) => (o.status === 'rejected' ? [i] : []))).toEqual([7]);
    for (const [i, a] of attempts.entries()) {
      if (i === 7) continue;
      expect(outcomes[i]).toMatchObject({ status: 'fulfilled', value: { changed: true, attempt: { id: a.id, status: 'graded', correct_count: 1 } } });
      await expectOneSubmissionHolding(a.id, new Map([[questionId, { answer: 'Four', seq: 1 }]]));
    }
    const left = await server.deps.db('attempts').where({ id: poisoned }).first('status');
    expect(left.status).toBe('in_progress');
    expect(await server.deps.db('attempt_events').where({ attempt_id: poisoned, type: 'submitted' })).toHaveLength(0);
  });
});

// PGlite has a single connection, so only PostgreSQL can hold a save back while a submission waits.
describe('who hears a submission when', () => {
  it('answers the exam screen once the room is told, and everyone else once results are out', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 1 });
    const attempts = [];
    for (let i = 0; i < 2; i++) {
      const student = await buildUser(server.deps, { role: 'student' });
      attempts.push({ ...(await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress')), studentId: student.id });
    }
    const order: string[] = [];
    let release!: () => void;
    const followUpHeld = new Promise<void>((resolve) => (release = resolve));
    const saves = createAnswerSaver(server.deps.db, server.deps.log, {});
    const submitter = createAttemptSubmitter(server.deps.db, server.deps.log, saves, {
      announcer: {
        tell: (rows) => rows.forEach((r) => order.push(`told ${r.id}`)),
        followUp: async (rows) => {
          await followUpHeld;
          rows.forEach((r) => order.push(`followed ${r.id}`));
        },
      },
    });
    const [screen, other] = attempts as [(typeof attempts)[number], (typeof attempts)[number]];
    const fromScreen = submitter.submit({ attemptId: screen.id, reason: 'student', actorId: screen.studentId, answerOnceTold: true }).then((r) => {
      order.push(`answered ${screen.id}`);
      return r;
    });
    const fromElsewhere = submitter.submit({ attemptId: other.id, reason: 'student', actorId: other.studentId }).then(() => order.push(`answered ${other.id}`));

    // The screen hears while the results are still on their way; the other caller waits for them.
    expect(await fromScreen).toMatchObject({ changed: true, attempt: { status: 'graded' } });
    expect(order).toContain(`told ${screen.id}`);
    expect(order.indexOf(`told ${screen.id}`)).toBeLessThan(order.indexOf(`answered ${screen.id}`));
    expect(order.some((o) => o.startsWith('followed'))).toBe(false);
    expect(order).not.toContain(`answered ${other.id}`);
    release();
    await fromElsewhere;
    expect(order.indexOf(`followed ${other.id}`)).toBeLessThan(order.indexOf(`answered ${other.id}`));
    await submitter.drain();
  });
});

describe('a submission’s round trips to the database', () => {
  // On a busy node a round trip costs the node far more than the query (docs/benchmarks.md): the
  // attempt is held locked for each one in the transaction, and each one after it delays the result.
  it('closes and grades in one transaction of three statements, then reads all that follows needs at once and tells everyone in one write', async () => {
    const teacher = await teacherOf();
    const exam = await buildExam(server.deps, teacher.id, { questions: 3 });
    const s = await sitting(exam.id);
    const parent = await buildUser(server.deps, { role: 'parent' });
    await server.deps.db('parent_children').insert({ parent_id: parent.id, child_id: s.studentId, relationship: 'parent', status: 'accepted' });
    for (const [i, q] of s.questionIds.entries()) expect(await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: q, answer: i === 0 ? 'Four' : 'Five', seq: 1 })).toMatchObject({ ok: true });
    const statements: { sql: string; bindings: unknown[]; trx?: string }[] = [];
    const record = (q: { sql: string; bindings?: unknown[]; __knexTxId?: string }) => statements.push({ sql: q.sql, bindings: q.bindings ?? [], trx: q.__knexTxId });
    for (const db of new Set([server.deps.db, server.deps.liveDb])) {
      db.on('query', record);
      onTestFinished(() => void db.off('query', record));
    }
    const result = new Promise((resolve) => s.socket.once('notification', resolve));

    expect(await call(s.socket, 'attempt:submit', { attemptId: s.attemptId })).toMatchObject({ ok: true, reason: 'student' });
    await server.deps.submitter.drain();
    // The student heard of the result, and it was graded: one of three right.
    expect(await result).toMatchObject({ type: 'result' });
    const followed = statements.length;
    expect(await server.deps.db('attempts').where({ id: s.attemptId }).first()).toMatchObject({ status: 'graded', correct_count: 1, incorrect_count: 2 });

    const begin = statements.findIndex((q) => /^begin/i.test(q.sql) && q.trx);
    const commit = statements.findIndex((q, i) => i > begin && q.trx === statements[begin]!.trx && /^commit/i.test(q.sql));
    const inTransaction = statements.slice(begin + 1, commit).filter((q) => q.trx === statements[begin]!.trx);
    // The lock, one read of the questions' keys, pass mark and answers, one write of marks, totals and the event.
    expect(inTransaction.map((q) => q.sql.trim().split(/\s+/)[0]!.toLowerCase())).toEqual(['select', 'select', 'with']);
    // The statements about this student, their parent, their exam or its teacher (not the deadline
    // sweeper's ticks, nor the school's grade scale, read now and then rather than for each submission).
    const ours = new Set([exam.id, s.studentId, parent.id, teacher.id]);
    const after = statements.slice(commit + 1, followed).filter((q) => q.bindings.flat().some((b) => ours.has(b as string)));
    // All that follows reads in ONE statement: the exam, the student's name and parents, the
    // student's results (what achievements judge), and the recipients' settings and addresses.
    // Then what the result earned is stored, and the results to the student and the parent (and
    // anything earned) in one insert: three round trips in all, where there were six.
    expect(after.map((q) => q.sql.trim().split(/\s+/)[0]!.toLowerCase())).toEqual(['with', 'insert', 'insert']);
    const [facts, achievements, notifications] = after as [(typeof after)[number], (typeof after)[number], (typeof after)[number]];
    for (const table of ['exams', 'parent_children', 'attempts', 'user_settings']) expect(facts.sql).toMatch(new RegExp(`\\b${table}\\b`));
    expect(facts.bindings.flat()).toContain(exam.id);
    expect(achievements.sql).toMatch(/^insert into "achievements"/);
    expect(notifications.sql).toMatch(/^insert into "notifications"/);
    expect(await server.deps.db('notifications').whereIn('user_id', [s.studentId, parent.id]).pluck('type')).toEqual(['result', 'result']);
  });
});

describe.runIf(process.env.DATABASE_URL)('a submission behind its own queued save (PostgreSQL)', () => {
  it('waits until the save queued before it is written, then holds it', async () => {
    const exam = await buildExam(server.deps, (await teacherOf()).id, { questions: 1 });
    const questionId = exam.questionIds[0]!;
    const make = async () => {
      const student = await buildUser(server.deps, { role: 'student' });
      const { id } = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
      await server.deps.db('attempts').where({ id }).update({ question_order: JSON.stringify([questionId]) });
      return { id, studentId: student.id };
    };
    const [blocked, mine] = [await make(), await make()];
    // A saver that writes one batch at a time, never two: a stuck batch keeps every later save queued.
    const saves = createAnswerSaver(server.deps.db, server.deps.log, { maxInFlight: 1 });
    const submitter = createAttemptSubmitter(server.deps.db, server.deps.log, saves, { announcer: { tell: () => undefined, followUp: async () => undefined } });
    const trx = await server.deps.db.transaction();
    onTestFinished(async () => {
      if (!trx.isCompleted()) await trx.rollback();
    });
    await trx('attempts').where({ id: blocked.id }).forUpdate().first();
    const { xid } = (await trx.raw('select pg_current_xact_id()::text::bigint as xid')).rows[0] as { xid: number };
    const stuck = saves.save({ attemptId: blocked.id, questionId, answer: 'Four', seq: 1 }, blocked.studentId);
    // Until that batch is waiting on the lock, so the next save can only queue.
    await expect
      .poll(async () => (await server.deps.db.raw("select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted and transactionid::text = ?", [String(xid)])).rows[0].n, { timeout: 10_000 })
      .toBe(1);
    const queued = saves.save({ attemptId: mine.id, questionId, answer: 'Four', seq: 1 }, mine.studentId);
    // Nothing holds this attempt's row: a submission that did not wait for the queued save would
    // close the attempt now, and the save would then be refused as too late.
    const submitted = submitter.submit({ attemptId: mine.id, reason: 'student', actorId: mine.studentId });

    await trx.commit();
    expect(await stuck).toMatchObject({ ok: true });
    expect(await queued).toMatchObject({ ok: true });
    expect(await submitted).toMatchObject({ changed: true, attempt: { status: 'graded', correct_count: 1 } });
    await expectOneSubmissionHolding(mine.id, new Map([[questionId, { answer: 'Four', seq: 1 }]]));
  });
});
