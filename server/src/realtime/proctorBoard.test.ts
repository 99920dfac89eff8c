import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProctorRow } from '@exam/shared';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';
import { sweepOnce } from '../jobs/deadlineSweeper';
import { rooms } from '../ports/realtime';
import { progressForAttempts, rowsForAttempts } from '../services/proctorBoard';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const PROCTORED = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: false, enableMicrophone: false } };

async function connected(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

/** An exam of a teacher's with a proctor watching, and a way to bring students in. */
async function proctoredExam(questions = 3) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { questions, settings: PROCTORED, grade: 7 });
  const proctor = await connected(teacher.email);
  const events: { type: string; attemptId: string; detail: Record<string, unknown> }[] = [];
  proctor.on('proctor:event', (e) => events.push(e));
  // The second's save progress arrives batched per exam; read each student's entry as a progress event.
  proctor.on('proctor:progress', (p: { students: { attemptId: string; answered: number; total: number }[] }) => {
    for (const st of p.students) events.push({ type: 'progress', attemptId: st.attemptId, detail: { answered: st.answered, total: st.total } });
  });
  const rows = new Map<string, ProctorRow>();
  proctor.on('proctor:row', (r) => rows.set(r.attemptId, r));
  return { teacher, exam, proctor, events, rows };
}

async function studentStarts(examId: string, grade = 7) {
  const student = await buildUser(server.deps, { role: 'student' });
  await server.deps.db('users').where({ id: student.id }).update({ grade });
  const token = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
  // A camera exam asks for the student's consent first (issue 58).
  const consent = await server.api('GET', `/exams/${examId}/consent`, undefined, { token });
  await server.api('POST', `/exams/${examId}/consent`, { profileHash: consent.body.data.profileHash }, { token });
  const start = await server.api('POST', `/exams/${examId}/start`, undefined, { token });
  const socket = await connected(student.email);
  return { student, token, socket, attemptId: start.body.data.submission._id as string, questionIds: start.body.data.questions.map((q: { _id: string }) => q._id) as string[] };
}

describe('the proctor board', () => {
  it('opens with a row per student: not started, in progress online, submitted', async () => {
    const { exam, proctor } = await proctoredExam();
    const idle = await buildUser(server.deps, { role: 'student' });
    await server.deps.db('users').where({ id: idle.id }).update({ grade: 7 });
    const sitting = await studentStarts(exam.id);
    await call(sitting.socket, 'attempt:join', { attemptId: sitting.attemptId });
    await call(sitting.socket, 'answer:save', { attemptId: sitting.attemptId, questionId: sitting.questionIds[0], answer: 'Four', seq: 1 });
    const done = await studentStarts(exam.id);
    await server.api('POST', '/submissions/submit', { submissionId: done.attemptId }, { token: done.token });
    const watch = await watchBoard(proctor, exam.id);
    expect(watch.ack).toMatchObject({ ok: true, data: { total: 3 } });
    const byStudent = new Map(watch.students.map((r) => [r.student._id, r]));
    expect(byStudent.get(idle.id)).toMatchObject({ status: 'not-started', attemptId: null, online: false });
    expect(byStudent.get(sitting.student.id)).toMatchObject({ status: 'in_progress', online: true, answered: 1, total: 3, pendingSaves: 0 });
    expect(byStudent.get(done.student.id)).toMatchObject({ status: 'graded', submitReason: 'student' });
  });

  it('shows every student of a large class once, in name order, whatever page of the read they fall in', async () => {
    const { exam, proctor } = await proctoredExam();
    const db = server.deps.db;
    // 1,100 students listed for the exam, inserted out of name order; three of them have started.
    const names = Array.from({ length: 1100 }, (_, i) => `Pupil${String(i).padStart(4, '0')}`);
    const inserted = [...names].reverse().map((lastName) => ({ email: `${lastName.toLowerCase()}-${exam.id}@example.com`, password_hash: 'x', first_name: 'Ann', last_name: lastName, role: 'student', grade: 3 }));
    const ids = new Map<string, string>();
    for (let i = 0; i < inserted.length; i += 500) {
      for (const r of (await db('users').insert(inserted.slice(i, i + 500)).returning(['id', 'last_name'])) as { id: string; last_name: string }[]) ids.set(r.last_name, r.id);
    }
    await db('exam_eligible_students').insert(names.map((n) => ({ exam_id: exam.id, student_id: ids.get(n) })));
    const started = ['Pupil0000', 'Pupil0500', 'Pupil1099'];
    await db('attempts').insert(started.map((n) => ({ exam_id: exam.id, student_id: ids.get(n), attempt_number: 1, deadline_at: new Date(Date.now() + 3600_000), question_order: JSON.stringify([]) })));

    const watch = await watchBoard<{ student: { lastName: string }; status: string }>(proctor, exam.id);
    // Sent in pages of 500 rows before the acknowledgement, which counts them all.
    expect(watch.pages).toEqual([500, 500, 100]);
    expect(watch.ack.data.total).toBe(1100);
    const rows = watch.students;
    expect(rows.map((r) => r.student.lastName)).toEqual(names);
    expect(rows.filter((r) => r.status === 'in_progress').map((r) => r.student.lastName)).toEqual(started);
  });

  it('opens with the same figures for a student as the live row that follows them', async () => {
    const { exam, proctor } = await proctoredExam();
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questionIds[0], answer: 'Four', seq: 1 });
    await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questionIds[1], answer: 'Five', seq: 2 });
    await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' });
    await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'right-click' });
    await call(proctor, 'proctor:extend', { attemptId: s.attemptId, minutes: 5 });
    await server.deps.db('users').where({ id: s.student.id }).update({ avatar: '/avatars/pupil.png' });

    const watch = await watchBoard(proctor, exam.id);
    const opened = watch.students.find((r) => r.attemptId === s.attemptId);
    // Every column, in the board's shape, exactly as a live change to this student would send it.
    const [live] = await rowsForAttempts(server.deps.db, [s.attemptId], new Set([s.attemptId]), new Map([[s.attemptId, { pending: 0 }]]));
    expect(opened).toEqual(live!.row);
    expect(opened).toMatchObject({
      student: { _id: s.student.id, avatar: '/avatars/pupil.png' },
      status: 'in_progress',
      submitReason: null,
      online: true,
      answered: 2,
      total: 3,
      extraMinutes: 5,
      violations: { tabSwitches: 1, fullscreenExits: 0, other: 1 },
      pendingSaves: 0,
      deadlineAt: expect.any(String),
      lastSeenAt: expect.any(String),
      lastSaveAt: expect.any(String),
      lastEventAt: expect.any(String),
    });
  });

  it('sees a student join, make progress, break a rule and be submitted, in that order', async () => {
    const { exam, proctor, events, rows } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questionIds[0], answer: 'Four', seq: 1 });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain('progress'), { timeout: 5000 });
    for (let i = 0; i < 4; i++) await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' });
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain('submitted'), { timeout: 5000 });
    const mine = events.filter((e) => e.attemptId === s.attemptId).map((e) => e.type);
    expect(mine).toEqual(['joined', 'progress', 'violation', 'violation', 'violation', 'violation', 'submitted']);
    expect(events.find((e) => e.type === 'submitted')!.detail).toEqual({ reason: 'violations' });
    expect(rows.get(s.attemptId)).toMatchObject({ status: 'graded', submitReason: 'violations', violations: { tabSwitches: 4, fullscreenExits: 0, other: 0 }, answered: 1 });
  });

  it('hears a violation as an event holding the row’s new counts, with no row read or sent for it', async () => {
    const { exam, proctor, events } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    const sent: string[] = [];
    proctor.on('proctor:row', (r: { attemptId: string }) => r.attemptId === s.attemptId && sent.push('row'));
    proctor.on('proctor:event', (e: { attemptId: string; type: string }) => e.attemptId === s.attemptId && sent.push(e.type));
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    await vi.waitFor(() => expect(sent).toEqual(['joined', 'row']), { timeout: 5000 });
    const read = vi.spyOn(server.deps.db, 'raw');
    await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'right-click' });
    await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' });
    // A proctor's action comes with its row: by the time it is in, the violations' would have been.
    await call(proctor, 'proctor:extend', { attemptId: s.attemptId, minutes: 5 });
    await vi.waitFor(() => expect(sent).toContain('extended'), { timeout: 5000 });
    await vi.waitFor(() => expect(sent.at(-1)).toBe('row'), { timeout: 5000 });
    expect(sent).toEqual(['joined', 'row', 'violation', 'violation', 'extended', 'row']);
    const violations = events.filter((e) => e.attemptId === s.attemptId && e.type === 'violation');
    expect(violations.map((e) => e.detail)).toEqual([
      { violation: 'right-click', counts: { tabSwitches: 0, fullscreenExits: 0, other: 1 } },
      { violation: 'tab-switch', counts: { tabSwitches: 1, fullscreenExits: 0, other: 1 } },
    ]);
    expect(violations.every((e) => (e as { studentId?: string }).studentId === s.student.id)).toBe(true);
    // One row read, the extension's; the violations' counts are those a row would have shown.
    expect(read.mock.calls.filter(([sql]) => String(sql).includes('last_event_ms'))).toHaveLength(1);
    read.mockRestore();
    const [row] = await rowsForAttempts(server.deps.db, [s.attemptId], new Set());
    expect(row!.row.violations).toEqual({ tabSwitches: 1, fullscreenExits: 0, other: 1, flags: 0 });
  });

  it("counts each student's progress apart: a cleared answer is not answered, and a student who saved nothing is at 0", async () => {
    const { exam } = await proctoredExam();
    const busy = await studentStarts(exam.id);
    const idle = await studentStarts(exam.id);
    await call(busy.socket, 'attempt:join', { attemptId: busy.attemptId });
    await call(busy.socket, 'answer:save', { attemptId: busy.attemptId, questionId: busy.questionIds[0], answer: 'Four', seq: 1 });
    await call(busy.socket, 'answer:save', { attemptId: busy.attemptId, questionId: busy.questionIds[1], answer: 'Five', seq: 2 });
    await call(busy.socket, 'answer:save', { attemptId: busy.attemptId, questionId: busy.questionIds[1], answer: '', seq: 3 });
    const progress = await progressForAttempts(server.deps.db, [busy.attemptId, idle.attemptId]);
    const of = new Map(progress.map((p) => [p.attemptId, p]));
    expect(of.get(busy.attemptId)).toMatchObject({ studentId: busy.student.id, examId: exam.id, answered: 1, total: 3 });
    expect(of.get(busy.attemptId)!.lastSaveAt).toEqual(expect.any(String));
    expect(of.get(idle.attemptId)).toMatchObject({ studentId: idle.student.id, answered: 0, total: 3, lastSaveAt: null });
  });

  it('hears each violation without asking every node who watches each time, and a board opened after an unwatched one hears the next', async () => {
    const { exam, proctor, events } = await proctoredExam();
    const s = await studentStarts(exam.id);
    const lookup = vi.spyOn(server.deps.realtime, 'socketIds');
    const watchersAsked = () => lookup.mock.calls.filter(([room]) => room === rooms.proctors(exam.id)).length;
    try {
      // The join's own feed event asks first; the violation's comes after it, in a run of its own.
      await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
      await vi.waitFor(() => expect(watchersAsked()).toBeGreaterThanOrEqual(1));
      const afterJoin = watchersAsked();
      // Nobody watches yet: the violation is counted, and no board hears of it.
      await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'tab-switch' });
      await vi.waitFor(() => expect(watchersAsked()).toBe(afterJoin + 1));
      await call(proctor, 'proctor:watch', { examId: exam.id });
      // A board opened just after is asked about afresh, so it hears the next one at once.
      await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'fullscreen-exit' });
      await vi.waitFor(() => expect(events.filter((e) => e.type === 'violation')).toHaveLength(1), { timeout: 5000 });
      const asked = watchersAsked();
      await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'fullscreen-exit' });
      await vi.waitFor(() => expect(events.filter((e) => e.type === 'violation')).toHaveLength(2), { timeout: 5000 });
      // Watched a moment ago: the nodes (a round trip to each, as slow as the busiest) are not asked again.
      expect(watchersAsked()).toBe(asked);
    } finally {
      lookup.mockRestore();
    }
  });

  it('marks a student offline when their connection drops', async () => {
    const { exam, proctor, events, rows } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    s.socket.close();
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain('left'), { timeout: 5000 });
    await vi.waitFor(() => expect(rows.get(s.attemptId)).toMatchObject({ online: false, status: 'in_progress' }), { timeout: 5000 });
    expect(rows.get(s.attemptId)!.lastSeenAt).toBeTruthy();
  });

  it('lets only the exam’s owner or an admin watch', async () => {
    const { exam } = await proctoredExam();
    const otherTeacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const admin = await buildUser(server.deps, { role: 'admin' });
    expect(await call(await connected(otherTeacher.email), 'proctor:watch', { examId: exam.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(await connected(student.email), 'proctor:watch', { examId: exam.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await call(await connected(admin.email), 'proctor:watch', { examId: exam.id })).ok).toBe(true);
  });

  it('extends one student’s time: their timer moves at once and the sweeper respects it', async () => {
    const { exam, proctor } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    await server.deps.db('attempts').where({ id: s.attemptId }).update({ deadline_at: new Date(Date.now() - 5000) });
    const time = nextEvent(s.socket, 'attempt:time');
    const ack = await call(proctor, 'proctor:extend', { attemptId: s.attemptId, minutes: 10 });
    expect(ack.ok).toBe(true);
    const moved = await time;
    expect(Date.parse(moved.deadlineAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
    await sweepOnce(server.deps);
    expect((await server.deps.db('attempts').where({ id: s.attemptId }).first()).status).toBe('in_progress');
    expect((await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questionIds[0], answer: 'Four', seq: 1 })).ok).toBe(true);
    expect(await call(proctor, 'proctor:extend', { attemptId: s.attemptId, minutes: 0 })).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('force-submits an attempt and tells the student', async () => {
    const { exam, proctor } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    const told = nextEvent(s.socket, 'attempt:submitted');
    expect(await call(proctor, 'proctor:submit', { attemptId: s.attemptId })).toEqual({ ok: true });
    expect(await told).toEqual({ attemptId: s.attemptId, reason: 'proctor' });
    const log = await call(proctor, 'proctor:timeline', { attemptId: s.attemptId });
    expect(log.data.events.at(-1)).toMatchObject({ type: 'submitted', detail: { reason: 'proctor' }, by: { role: 'teacher' } });
  });

  it('sends a message to one student or to all, shown at once and kept as a notification', async () => {
    const { exam, proctor } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const a = await studentStarts(exam.id);
    const b = await studentStarts(exam.id);
    await call(a.socket, 'attempt:join', { attemptId: a.attemptId });
    await call(b.socket, 'attempt:join', { attemptId: b.attemptId });
    const toA = nextEvent(a.socket, 'proctor:message');
    expect(await call(proctor, 'proctor:message', { examId: exam.id, attemptId: a.attemptId, text: 'Eyes on your own screen, please.' })).toEqual({ ok: true, delivered: 1, storedOnly: 0 });
    expect((await toA).text).toBe('Eyes on your own screen, please.');
    const allA = nextEvent(a.socket, 'proctor:message');
    const allB = nextEvent(b.socket, 'proctor:message');
    await call(proctor, 'proctor:message', { examId: exam.id, text: 'Ten minutes left.' });
    expect([(await allA).text, (await allB).text]).toEqual(['Ten minutes left.', 'Ten minutes left.']);
    const inbox = await server.api('GET', '/notifications', undefined, { token: b.token });
    expect(inbox.body.data.notifications[0]).toMatchObject({ type: 'message', message: 'Ten minutes left.', read: false });
  });

  it('reinstates an attempt auto-submitted for violations while time is left, and only that', async () => {
    const { exam, proctor } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    for (let i = 0; i < 3; i++) await call(s.socket, 'violation', { attemptId: s.attemptId, type: 'fullscreen-exit' });
    expect((await server.deps.db('attempts').where({ id: s.attemptId }).first()).submit_reason).toBe('violations');
    const back = nextEvent(s.socket, 'attempt:reinstated');
    expect((await call(proctor, 'proctor:reinstate', { attemptId: s.attemptId })).ok).toBe(true);
    expect(await back).toEqual({ attemptId: s.attemptId });
    expect((await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questionIds[1], answer: 'Four', seq: 1 })).ok).toBe(true);
    const timeline = await call(proctor, 'proctor:timeline', { attemptId: s.attemptId });
    expect(timeline.data.events.map((e: { type: string }) => e.type)).toContain('reinstated');
    // A student's own submission is not a false positive.
    const other = await studentStarts(exam.id);
    await server.api('POST', '/submissions/submit', { submissionId: other.attemptId }, { token: other.token });
    expect(await call(proctor, 'proctor:reinstate', { attemptId: other.attemptId })).toMatchObject({ ok: false, code: 'not-reinstatable' });
  });

  it('passes on the save health a student’s device reports', async () => {
    const { exam, proctor } = await proctoredExam();
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    const health = nextEvent(proctor, 'proctor:health');
    expect(await call(s.socket, 'attempt:health', { attemptId: s.attemptId, pending: 3 })).toEqual({ ok: true });
    expect(await health).toMatchObject({ attemptId: s.attemptId, pending: 3 });
    const watch = await watchBoard(proctor, exam.id);
    expect(watch.students.find((r) => r.attemptId === s.attemptId)!.pendingSaves).toBe(3);
  });

  it('relays camera signalling between the student and the proctor only, when the exam uses the camera', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id, { grade: 7, settings: { proctoring: { ...PROCTORED.proctoring, enableCamera: true } } });
    const proctor = await connected(teacher.email);
    await call(proctor, 'proctor:watch', { examId: exam.id });
    const s = await studentStarts(exam.id);
    await call(s.socket, 'attempt:join', { attemptId: s.attemptId });
    const asked = nextEvent(s.socket, 'camera:request');
    expect(await call(proctor, 'camera:request', { attemptId: s.attemptId })).toMatchObject({ ok: true });
    const { proctorSocketId } = await asked;
    expect(proctorSocketId).toBe(proctor.id);
    const offer = nextEvent(proctor, 'rtc:signal');
    expect(await call(s.socket, 'rtc:signal', { attemptId: s.attemptId, to: proctorSocketId, data: { type: 'offer', sdp: 'v=0' } })).toEqual({ ok: true });
    expect(await offer).toEqual({ attemptId: s.attemptId, from: s.socket.id, data: { type: 'offer', sdp: 'v=0' } });
    const answer = nextEvent(s.socket, 'rtc:signal');
    await call(proctor, 'rtc:signal', { attemptId: s.attemptId, to: s.socket.id, data: { type: 'answer', sdp: 'v=0' } });
    expect((await answer).data).toEqual({ type: 'answer', sdp: 'v=0' });
    // A student cannot signal someone outside the exam, and an exam without the camera refuses requests.
    const stranger = await connected((await buildUser(server.deps, { role: 'student' })).email);
    expect(await call(s.socket, 'rtc:signal', { attemptId: s.attemptId, to: stranger.id, data: { type: 'offer' } })).toMatchObject({ ok: false, code: 'forbidden' });
    const { exam: plain, proctor: p2 } = await proctoredExam();
    await call(p2, 'proctor:watch', { examId: plain.id });
    const other = await studentStarts(plain.id);
    expect(await call(p2, 'camera:request', { attemptId: other.attemptId })).toMatchObject({ ok: false, code: 'conflict' });
  });
});
