import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MSG, type ExamSettings } from '@exam/shared';
import type { Db } from '../db';
import { createLogger } from '../logger';
import type { FeedEvent } from '../ports/realtime';
import { buildAttempt, buildExam, buildHall, buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { customPlansOf, rowsReadOnGenericPlan } from '../test/genericPlan';
import { COUNT_AND_LOG_IF_UNCHANGED_SQL, createViolationRecorder, guardedWriteValues } from './violations';

const PROCTORED = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false } };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A recorder of its own on the test database, counting the transactions it opens. */
function recorder() {
  const db = server.deps.liveDb;
  let transactions = 0;
  let refuseNext = false;
  const counting = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'transaction') {
        return (...args: Parameters<Db['transaction']>) => {
          transactions++;
          if (refuseNext) {
            refuseNext = false;
            return Promise.reject(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
          }
          return target.transaction(...args);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const told: FeedEvent[] = [];
  const r = createViolationRecorder(counting, createLogger('silent'), { maxInFlight: 1, announcer: { tell: (events) => told.push(...events), announce: async () => {} } });
  return {
    ...r,
    told,
    transactions: () => transactions,
    /** The next locked transaction fails as a deadlock would, before writing anything. */
    refuseNextTransaction: () => (refuseNext = true),
  };
}

async function sitting(settings: Record<string, unknown> = PROCTORED) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const student = await buildUser(server.deps, { role: 'student' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 1, settings });
  const { id } = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
  return { attemptId: id, studentId: student.id, examId: exam.id };
}

const stored = (attemptId: string) => server.deps.db('attempts').where({ id: attemptId }).first('status', 'submit_reason', 'tab_switches', 'fullscreen_exits', 'other_violations', 'warnings');
const logged = async (attemptId: string) => (await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' })).length;

describe('recording violations without a transaction', () => {
  it('takes no transaction until an event crosses the allowance, with the counts and the log line the proctor sees', async () => {
    const r = recorder();
    const s = await sitting();
    expect(await r.record({ ...s, type: 'tab-switch' })).toEqual({ counts: { tabSwitches: 1, fullscreenExits: 0 }, other: 0, submitted: false, crossed: false });
    expect(await r.record({ ...s, type: 'fullscreen-exit', at: Date.now() })).toEqual({ counts: { tabSwitches: 1, fullscreenExits: 1 }, other: 0, submitted: false, crossed: false });
    expect(await r.record({ ...s, type: 'copy' })).toEqual({ counts: { tabSwitches: 1, fullscreenExits: 1 }, other: 1, submitted: false, crossed: false });
    expect(r.transactions()).toBe(0);
    expect(await stored(s.attemptId)).toMatchObject({ status: 'in_progress', tab_switches: 1, fullscreen_exits: 1, other_violations: 1, warnings: 3 });
    expect(await logged(s.attemptId)).toBe(3);
    // Each event holds the row's whole change and names the student: the board reads no row for it.
    expect(r.told.map((e) => [e.studentId, e.detail])).toEqual([
      [s.studentId, { violation: 'tab-switch', counts: { tabSwitches: 1, fullscreenExits: 0, other: 0 } }],
      [s.studentId, { violation: 'fullscreen-exit', counts: { tabSwitches: 1, fullscreenExits: 1, other: 0 } }],
      [s.studentId, { violation: 'copy', counts: { tabSwitches: 1, fullscreenExits: 1, other: 1 } }],
    ]);
    // The crossing event closes the attempt in the locked transaction, and goes to the board with its row.
    await r.record({ ...s, type: 'fullscreen-exit' });
    expect(await r.record({ ...s, type: 'paste' })).toEqual({ counts: { tabSwitches: 1, fullscreenExits: 2 }, other: 2, submitted: false, crossed: false });
    expect(await r.record({ ...s, type: 'fullscreen-exit' })).toEqual({ counts: { tabSwitches: 1, fullscreenExits: 3 }, other: 2, submitted: true, crossed: true });
    expect(r.told.at(-1)).not.toHaveProperty('studentId');
    expect(r.transactions()).toBe(1);
    expect(await stored(s.attemptId)).toMatchObject({ status: 'graded', submit_reason: 'violations', fullscreen_exits: 3, other_violations: 2, warnings: 5 });
  });

  it('refuses an event of an attempt that is not there or not the student’s, and records the others with it', async () => {
    const r = recorder();
    const s = await sitting();
    const other = await sitting();
    const results = await Promise.allSettled([
      r.record({ ...s, studentId: other.studentId, type: 'tab-switch' }),
      r.record({ ...s, attemptId: '00000000-0000-4000-8000-000000000000', type: 'tab-switch' }),
      r.record({ ...other, type: 'copy' }),
    ]);
    expect(results.map((x) => (x.status === 'rejected' ? (x.reason as Error).message : x.value.counts))).toEqual([SESSION_MSG.notYourAttempt, SESSION_MSG.attemptNotFound, { tabSwitches: 0, fullscreenExits: 0 }]);
    expect([await logged(s.attemptId), await logged(other.attemptId)]).toEqual([0, 1]);
  });

  it('counts on from what is stored when another node recorded some meanwhile, and submits on the crossing event', async () => {
    const r = recorder();
    const s = await sitting();
    await r.record({ ...s, type: 'tab-switch' });
    // The student reconnected to another node, which counted two more.
    await server.deps.db('attempts').where({ id: s.attemptId }).update({ tab_switches: 3, warnings: 3 });
    expect(await r.record({ ...s, type: 'tab-switch' })).toEqual({ counts: { tabSwitches: 4, fullscreenExits: 0 }, other: 0, submitted: true, crossed: true });
    expect(await stored(s.attemptId)).toMatchObject({ status: 'graded', submit_reason: 'violations', tab_switches: 4, warnings: 3 });
    expect(await logged(s.attemptId)).toBe(2);
  });

  it('applies an allowance the teacher lowered during the exam', async () => {
    const r = recorder();
    const s = await sitting();
    await r.record({ ...s, type: 'tab-switch' });
    const exam = await server.deps.db('exams').where({ id: s.examId }).first('settings');
    await server.deps.db('exams').where({ id: s.examId }).update({ settings: JSON.stringify({ ...exam.settings, proctoring: { ...exam.settings.proctoring, tabSwitchesAllowed: 1 } }) });
    expect(await r.record({ ...s, type: 'tab-switch' })).toMatchObject({ submitted: true, crossed: true });
    expect(await stored(s.attemptId)).toMatchObject({ status: 'graded', submit_reason: 'violations' });
  });

  it('neither counts nor logs an event of an attempt submitted meanwhile', async () => {
    const r = recorder();
    const s = await sitting();
    await r.record({ ...s, type: 'fullscreen-exit' });
    await server.deps.db('attempts').where({ id: s.attemptId }).update({ status: 'submitted', submitted_at: server.deps.db.fn.now(), submit_reason: 'student' });
    expect(await r.record({ ...s, type: 'fullscreen-exit' })).toEqual({ counts: { tabSwitches: 0, fullscreenExits: 1 }, other: 0, submitted: true, crossed: false });
    expect(await stored(s.attemptId)).toMatchObject({ status: 'submitted', submit_reason: 'student', fullscreen_exits: 1, warnings: 1 });
    expect(await logged(s.attemptId)).toBe(1);
  });

  it('writes each event once when the locked part of a batch fails after the one statement committed', async () => {
    const r = recorder();
    const known = await sitting();
    const [b, c] = [await sitting(), await sitting()];
    await Promise.all([known, b, c].map((s) => r.record({ ...s, type: 'tab-switch' })));
    // Changed elsewhere, so these two take the locked way, and its first try fails.
    await server.deps.db('attempts').whereIn('id', [b.attemptId, c.attemptId]).update({ fullscreen_exits: 1, warnings: 2 });
    r.refuseNextTransaction();
    const acks = await Promise.all([known, b, c].map((s) => r.record({ ...s, type: 'tab-switch' })));
    expect(acks.map((a) => a.counts)).toEqual([
      { tabSwitches: 2, fullscreenExits: 0 },
      { tabSwitches: 2, fullscreenExits: 1 },
      { tabSwitches: 2, fullscreenExits: 1 },
    ]);
    expect(await stored(known.attemptId)).toMatchObject({ tab_switches: 2, warnings: 2 });
    expect([await logged(known.attemptId), await logged(b.attemptId), await logged(c.attemptId)]).toEqual([2, 2, 2]);
    expect(r.told.filter((e) => e.attemptId === known.attemptId)).toHaveLength(2);
  });

  it('closes an attempt crossing its allowance in a batch with others, each counted as it came', async () => {
    const r = recorder();
    const crossing = await sitting({ proctoring: { ...PROCTORED.proctoring, fullscreenExitsAllowed: 0 } });
    const calm = await sitting();
    const acks = await Promise.all([r.record({ ...calm, type: 'copy' }), r.record({ ...crossing, type: 'fullscreen-exit' }), r.record({ ...crossing, type: 'tab-switch' }), r.record({ ...calm, type: 'tab-switch' })]);
    expect(acks).toEqual([
      { counts: { tabSwitches: 0, fullscreenExits: 0 }, other: 1, submitted: false, crossed: false },
      { counts: { tabSwitches: 0, fullscreenExits: 1 }, other: 0, submitted: true, crossed: true },
      { counts: { tabSwitches: 0, fullscreenExits: 1 }, other: 0, submitted: true, crossed: false },
      { counts: { tabSwitches: 1, fullscreenExits: 0 }, other: 1, submitted: false, crossed: false },
    ]);
    expect(r.transactions()).toBe(1);
    expect(await stored(crossing.attemptId)).toMatchObject({ status: 'graded', submit_reason: 'violations', fullscreen_exits: 1, tab_switches: 0 });
    expect(await stored(calm.attemptId)).toMatchObject({ status: 'in_progress', tab_switches: 1, warnings: 2 });
    expect([await logged(crossing.attemptId), await logged(calm.attemptId)]).toEqual([1, 2]);
  });

  it('takes a known attempt and a new one arriving together, each counted from its own state', async () => {
    const r = recorder();
    const known = await sitting();
    const fresh = await sitting();
    await r.record({ ...known, type: 'tab-switch' });
    await server.deps.db('attempts').where({ id: fresh.attemptId }).update({ tab_switches: 2, warnings: 2 });
    const acks = await Promise.all([r.record({ ...known, type: 'tab-switch' }), r.record({ ...fresh, type: 'tab-switch' }), r.record({ ...known, type: 'fullscreen-exit' })]);
    expect(acks.map((a) => a.counts)).toEqual([
      { tabSwitches: 2, fullscreenExits: 0 },
      { tabSwitches: 3, fullscreenExits: 0 },
      { tabSwitches: 2, fullscreenExits: 1 },
    ]);
    expect(await stored(known.attemptId)).toMatchObject({ tab_switches: 2, fullscreen_exits: 1, warnings: 3 });
    expect(await stored(fresh.attemptId)).toMatchObject({ tab_switches: 3, warnings: 3 });
  });

  it('writes an event by reading only its own attempt, however many students sit the exam', async () => {
    const s = await sitting();
    await buildHall(server.deps, s.examId);
    const { settings } = (await server.deps.db('exams').where({ id: s.examId }).first('settings')) as { settings: ExamSettings };
    const counts = { tab_switches: 0, fullscreen_exits: 0, other_violations: 0, warnings: 0 };
    const values = guardedWriteValues([s.attemptId], [counts], [{ ...counts, tab_switches: 1, settings }], [
      { attemptId: s.attemptId, actorId: s.studentId, detail: JSON.stringify({ violation: 'tab-switch' }), clientAt: null },
    ]);
    // Locked once, updated once: the rest of the hall is not read (a plan through the exam read all 5,001, once per event).
    expect(await rowsReadOnGenericPlan(server.deps.db, COUNT_AND_LOG_IF_UNCHANGED_SQL, values, 'attempts')).toBeLessThanOrEqual(2);
    // Planned once: a plan made afresh for each event cost PostgreSQL some 0.9 ms of CPU per event.
    expect(await customPlansOf(server.deps.db, COUNT_AND_LOG_IF_UNCHANGED_SQL, values)).toBeLessThanOrEqual(5);
  });
});
