import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DASHBOARD_CHANGED_EVENT, SAVE_GRACE_MS } from '@exam/shared';
import { buildExam, buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { connectAs } from '../test/sockets';
import { sweepOnce } from './deadlineSweeper';

let server: TestServer;
beforeAll(async () => {
  // The sweeper runs only when the test calls it.
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  await server?.stop();
});

/** Students of one exam, each with an attempt whose deadline (and grace) passed a few seconds ago. */
async function expiredAttempts(examId: string, count: number): Promise<string[]> {
  const { db } = server.deps;
  const students = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), email: `deadline-${i}-${randomUUID()}@school.test`, password_hash: 'x', first_name: 'S', last_name: String(i), role: 'student', grade: 10, is_verified: true }));
  const attempts = students.map((s) => ({ id: randomUUID(), exam_id: examId, student_id: s.id, attempt_number: 1, deadline_at: new Date(Date.now() - 5000), question_order: JSON.stringify([]) }));
  for (let i = 0; i < count; i += 500) {
    await db('users').insert(students.slice(i, i + 500));
    await db('attempts').insert(attempts.slice(i, i + 500));
  }
  return attempts.map((a) => a.id);
}

describe('a deadline that ends a whole school’s attempts at once', () => {
  it('tells every student their attempt was submitted, leaving the server free to serve others in between', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 1 });
    const ids = await expiredAttempts(exam.id, 2500);

    // What each attempt's room hears, and how many turns the event loop gave other work meanwhile.
    const heard = new Map<string, number>();
    const turnsAtTelling: number[] = [];
    let turns = 0;
    let counting = true;
    const turn = () => {
      turns++;
      if (counting) setImmediate(turn);
    };
    const { realtime } = server.deps;
    const emit = realtime.emit.bind(realtime);
    realtime.emit = (room, event, payload) => {
      if (event === 'attempt:submitted') {
        for (const r of [room].flat()) heard.set(r, (heard.get(r) ?? 0) + 1);
        turnsAtTelling.push(turns);
      }
      emit(room, event, payload);
    };
    try {
      setImmediate(turn);
      const announcing = new Set<Promise<void>>();
      const swept = await sweepOnce(server.deps, announcing);
      await Promise.all([...announcing]);
      expect(swept.map((a) => a.id).sort()).toEqual([...ids].sort());
      expect(swept.every((a) => a.submit_reason === 'time-expired')).toBe(true);
    } finally {
      counting = false;
      realtime.emit = emit;
    }
    // Each student's room heard it exactly once...
    expect(heard.size).toBe(ids.length);
    expect([...heard.values()].every((n) => n === 1)).toBe(true);
    // ...and not all in one go: other sockets had turns between the first students told and the last.
    expect(turnsAtTelling.at(-1)!).toBeGreaterThan(turnsAtTelling[0]!);
    const rows = (await server.deps.db('attempts').whereIn('id', ids).select('status')) as { status: string }[];
    expect(rows.every((r) => r.status !== 'in_progress')).toBe(true);
  });

  it("refreshes the owner's, each student's and the admins' dashboards once, in one message to all their rooms", async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const admin = await buildUser(server.deps, { role: 'admin' });
    const students = [await buildUser(server.deps, { role: 'student' }), await buildUser(server.deps, { role: 'student' })];
    const exam = await buildExam(server.deps, teacher.id, { questions: 1 });
    await server.deps.db('attempts').insert(students.map((st) => ({ exam_id: exam.id, student_id: st.id, attempt_number: 1, deadline_at: new Date(Date.now() - 5000), question_order: JSON.stringify([]) })));
    const sockets: Socket[] = await Promise.all([teacher, admin, ...students].map((u) => connectAs(server, u.email)));
    const heard = sockets.map(() => [] as unknown[]);
    sockets.forEach((socket, i) => socket.on(DASHBOARD_CHANGED_EVENT, (payload: unknown) => heard[i]!.push(payload)));
    const { realtime } = server.deps;
    const emit = realtime.emit.bind(realtime);
    let emits = 0;
    realtime.emit = (room, event, payload) => {
      if (event === DASHBOARD_CHANGED_EVENT) emits++;
      emit(room, event, payload);
    };
    try {
      const announcing = new Set<Promise<void>>();
      expect(await sweepOnce(server.deps, announcing)).toHaveLength(2);
      await Promise.all([...announcing]);
      expect(emits).toBe(1);
      await vi.waitFor(() => expect(heard).toEqual(sockets.map(() => [{ reason: 'submitted' }])), { timeout: 5000 });
    } finally {
      realtime.emit = emit;
      sockets.forEach((socket) => socket.close());
    }
  });
});

describe('the sweeper running in the background', () => {
  let live: TestServer;
  beforeAll(async () => {
    // Ticking every 50 ms, as in production.
    live = await startTestServer();
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('asks the database about once a second while no deadline is near, and still submits an attempt just after its deadline', async () => {
    const { db } = live.deps;
    const looks: number[] = [];
    const look = (q: { sql: string }) => {
      if (q.sql.includes('next_due_in_ms')) looks.push(performance.now());
    };
    db.on('query', look);
    try {
      // Nothing is open: twenty ticks a second, but only a look a second reaches the database.
      await vi.waitFor(() => expect(looks.length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
      const gaps = looks.slice(1, 3).map((t, i) => t - looks[i]!);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);

      // An attempt due in a second and a half (plus the grace) is closed as soon as that passes.
      const teacher = await buildUser(live.deps, { role: 'teacher' });
      const student = await buildUser(live.deps, { role: 'student' });
      const exam = await buildExam(live.deps, teacher.id, { questions: 1 });
      const [attempt] = (await db('attempts')
        .insert({ exam_id: exam.id, student_id: student.id, attempt_number: 1, deadline_at: db.raw("now() + interval '1.5 seconds'"), question_order: JSON.stringify(exam.questionIds) })
        .returning('id')) as { id: string }[];
      const row = await vi.waitFor(
        async () => {
          const r = (await db('attempts').where({ id: attempt!.id }).first(db.raw('status, submit_reason, extract(epoch from submitted_at - deadline_at) * 1000 as late_ms'))) as { status: string; submit_reason: string | null; late_ms: string };
          expect(r.status).not.toBe('in_progress');
          return r;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(row.submit_reason).toBe('time-expired');
      // Never inside the grace for saves in flight, and at most one idle look's wait after it.
      expect(Number(row.late_ms)).toBeGreaterThanOrEqual(SAVE_GRACE_MS);
      expect(Number(row.late_ms)).toBeLessThan(SAVE_GRACE_MS + 1000);
    } finally {
      db.off('query', look);
    }
  });
});
