import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { DASHBOARD_CHANGED_EVENT } from '@exam/shared';
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
