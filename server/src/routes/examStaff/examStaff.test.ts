import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_STAFF_MSG, MSG, PROCTOR_EVENTS, type ProctorEvent, type ProctorHelpEvent, type ProctorWaiverEvent } from '@exam/shared';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../../test/sockets';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

type Role = 'student' | 'teacher' | 'admin';
const login = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
async function person(role: Role, props: { firstName?: string; isActive?: boolean } = {}) {
  const user = await buildUser(server.deps, { role, ...props });
  return { user, token: props.isActive === false ? '' : await login(user.email) };
}
async function socketOf(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}
const put = (token: string, examId: string, userId: string, body: Record<string, unknown> = {}) =>
  server.api('PUT', `/exams/${examId}/staff/${userId}`, { proctors: true, reviews: true, ...body }, { token });

/** A teacher's exam for three students of sections A, B and C, each sitting it, and a second teacher added as its proctor. */
async function sharedHall(staff: Record<string, unknown> = {}) {
  const owner = await person('teacher', { firstName: 'Olive' });
  const helper = await person('teacher', { firstName: 'Hugo' });
  const students = await Promise.all(['A', 'B', 'C'].map(() => person('student')));
  await Promise.all(students.map((s, i) => server.deps.db('users').where({ id: s.user.id }).update({ section: 'ABC'[i] })));
  const exam = await buildExam(server.deps, owner.user.id, { eligible: students.map((s) => s.user.id) });
  const attempts = await Promise.all(students.map((s) => buildAttempt(server.deps, exam.id, s.user.id, 1, 'in_progress')));
  const added = await put(owner.token, exam.id, helper.user.id, staff);
  expect(added.status).toBe(200);
  return { owner, helper, students, exam, attempts };
}

describe('an exam’s owner shares its hall', () => {
  it('adds a teacher as proctor and reviewer over a part of the hall; the owner, admins and the staff read the list', async () => {
    const { owner, helper, students, exam } = await sharedHall({ reviews: false, sections: ['B', 'A', 'A'] });
    const changed = await put(owner.token, exam.id, helper.user.id, { proctors: true, reviews: true, sections: ['C'], studentIds: [students[0]!.user.id] });
    expect(changed.body.data.member).toMatchObject({ userId: helper.user.id, name: 'Hugo Teacher', email: helper.user.email, proctors: true, reviews: true, sections: ['C'], studentIds: [students[0]!.user.id] });

    const admin = await person('admin');
    for (const token of [owner.token, helper.token, admin.token]) {
      const list = await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token });
      expect(list.status).toBe(200);
      expect(list.body.data.staff).toEqual([expect.objectContaining({ userId: helper.user.id, sections: ['C'] })]);
    }
    const stranger = await person('teacher');
    expect((await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token: stranger.token })).status).toBe(403);
    expect((await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token: students[0]!.token })).status).toBe(403);
  });

  it('refuses anyone but an active teacher other than the owner, students outside the part, and a member with nothing to do', async () => {
    const owner = await person('teacher');
    const exam = await buildExam(server.deps, owner.user.id);
    const student = await person('student');
    const inactive = await person('teacher', { isActive: false });
    const teacher = await person('teacher');
    const refused = async (userId: string, body: Record<string, unknown>, message: string) => {
      const res = await put(owner.token, exam.id, userId, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    };
    await refused(owner.user.id, {}, EXAM_STAFF_MSG.ownerAlready);
    await refused(student.user.id, {}, EXAM_STAFF_MSG.notATeacher);
    await refused(inactive.user.id, {}, EXAM_STAFF_MSG.notATeacher);
    await refused(randomUUID(), {}, EXAM_STAFF_MSG.notATeacher);
    await refused(teacher.user.id, { studentIds: [student.user.id, owner.user.id] }, EXAM_STAFF_MSG.notStudents);
    await refused(teacher.user.id, { proctors: false, reviews: false }, EXAM_STAFF_MSG.noDuty);
    expect((await put(owner.token, exam.id, teacher.user.id, { sections: ['E'] })).status).toBe(400);
    expect((await put(owner.token, exam.id, 'not-a-id')).body.message).toBe(EXAM_STAFF_MSG.teacherNotFound);
    expect((await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token: owner.token })).body.data.staff).toEqual([]);
  });

  it('leaves managing the staff and editing the exam to its owner and admins', async () => {
    const { owner, helper, exam } = await sharedHall();
    const other = await person('teacher');
    expect((await put(helper.token, exam.id, other.user.id)).status).toBe(403);
    expect((await server.api('DELETE', `/exams/${exam.id}/staff/${helper.user.id}`, undefined, { token: helper.token })).status).toBe(403);
    expect((await server.api('GET', `/exams/${exam.id}/staff/candidates`, undefined, { token: helper.token })).status).toBe(403);
    // The staff see the exam and its questions, and change nothing of it.
    expect((await server.api('GET', `/exams/${exam.id}`, undefined, { token: helper.token })).status).toBe(200);
    expect((await server.api('GET', `/exams/${exam.id}/questions`, undefined, { token: helper.token })).status).toBe(200);
    const editable = (await server.api('GET', `/exams/${exam.id}`, undefined, { token: owner.token })).body.data.exam;
    const edit = await server.api('PUT', `/exams/${exam.id}`, { ...editable, title: 'Taken over' }, { token: helper.token });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe(MSG.forbidden);
    expect((await server.api('PUT', `/exams/${exam.id}/publish`, undefined, { token: helper.token })).status).toBe(403);
    expect((await server.api('PUT', `/exams/${exam.id}/release-results`, undefined, { token: helper.token })).status).toBe(403);
    expect((await server.api('DELETE', `/exams/${exam.id}`, undefined, { token: helper.token })).status).toBe(403);
    const admin = await person('admin');
    expect((await put(admin.token, exam.id, other.user.id, { reviews: false })).status).toBe(200);
    expect((await server.api('DELETE', `/exams/${exam.id}/staff/${other.user.id}`, undefined, { token: admin.token })).status).toBe(200);
    expect((await server.api('DELETE', `/exams/${exam.id}/staff/${other.user.id}`, undefined, { token: owner.token })).status).toBe(200);
  });

  it('offers the picker at most 20 active teachers by name or e-mail, without the owner or those already added', async () => {
    const owner = await person('teacher', { firstName: 'Zebulon' });
    const exam = await buildExam(server.deps, owner.user.id);
    const tag = randomUUID().slice(0, 8);
    const named = await Promise.all(Array.from({ length: 23 }, () => person('teacher', { firstName: `Quill${tag}` })));
    await person('teacher', { firstName: `Quill${tag}`, isActive: false });
    await person('student', { firstName: `Quill${tag}` });
    await put(owner.token, exam.id, named[0]!.user.id);
    const found = await server.api('GET', `/exams/${exam.id}/staff/candidates?q=quill${tag}`, undefined, { token: owner.token });
    expect(found.status).toBe(200);
    expect(found.body.data.candidates).toHaveLength(20);
    const ids = found.body.data.candidates.map((c: { userId: string }) => c.userId);
    expect(ids).not.toContain(named[0]!.user.id);
    expect(ids.every((id: string) => named.some((n) => n.user.id === id))).toBe(true);

    const byEmail = await server.api('GET', `/exams/${exam.id}/staff/candidates?q=${encodeURIComponent(named[5]!.user.email)}`, undefined, { token: owner.token });
    expect(byEmail.body.data.candidates).toEqual([{ userId: named[5]!.user.id, name: `Quill${tag} Teacher`, email: named[5]!.user.email }]);
    const self = await server.api('GET', `/exams/${exam.id}/staff/candidates?q=${encodeURIComponent(owner.user.email)}`, undefined, { token: owner.token });
    expect(self.body.data.candidates).toEqual([]);
    // A LIKE wildcard is a character like any other.
    expect((await server.api('GET', `/exams/${exam.id}/staff/candidates?q=%25`, undefined, { token: owner.token })).body.data.candidates).toEqual([]);
  });

  it('names the exam’s students with their sections for choosing a part, to the owner alone', async () => {
    const { owner, helper, students, exam } = await sharedHall();
    const res = await server.api('GET', `/exams/${exam.id}/staff/students`, undefined, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.students).toHaveLength(3);
    expect(res.body.data.students).toEqual(expect.arrayContaining(students.map((s, i) => ({ id: s.user.id, name: `Test Student`, section: 'ABC'[i] }))));
    expect((await server.api('GET', `/exams/${exam.id}/staff/students`, undefined, { token: helper.token })).status).toBe(403);
  });

  it('lists the exams a teacher staffs beside their own, marked, while their dashboard counts only their own', async () => {
    const { owner, helper, exam } = await sharedHall({ reviews: false });
    const mine = await buildExam(server.deps, helper.user.id);
    const list = await server.api('GET', '/exams?limit=100', undefined, { token: helper.token });
    const roles = new Map(list.body.data.exams.map((e: { _id: string; myRole?: string }) => [e._id, e.myRole]));
    expect(roles.get(exam.id)).toBe('proctor');
    expect(roles.get(mine.id)).toBe('owner');
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.stats.total).toBe(2);
    const ownersView = await server.api('GET', `/exams/${exam.id}`, undefined, { token: owner.token });
    expect(ownersView.body.data.exam.myRole).toBe('owner');
    const dashboard = await server.api('GET', '/dashboard/teacher', undefined, { token: helper.token });
    expect(dashboard.body.data.stats.totalExams).toBe(1);
    await put(owner.token, exam.id, helper.user.id, { proctors: false, reviews: true });
    expect((await server.api('GET', `/exams/${exam.id}`, undefined, { token: helper.token })).body.data.exam.myRole).toBe('reviewer');
    await put(owner.token, exam.id, helper.user.id, { proctors: true, reviews: true });
    expect((await server.api('GET', `/exams/${exam.id}`, undefined, { token: helper.token })).body.data.exam.myRole).toBe('staff');
  });

  it('adds a teacher only to mark: they see the exam as its marker, and cannot watch the board or review it', async () => {
    const { owner, helper, exam } = await sharedHall({ proctors: false, reviews: false, marks: true });
    const member = (await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token: owner.token })).body.data.staff[0];
    expect(member).toMatchObject({ userId: helper.user.id, proctors: false, reviews: false, marks: true });
    const seen = (await server.api('GET', `/exams/${exam.id}`, undefined, { token: helper.token })).body.data.exam;
    expect(seen).toMatchObject({ myRole: 'marker', myMarks: true });
    const me = (await server.api('GET', `/exams/${exam.id}/staff/me`, undefined, { token: helper.token })).body.data;
    expect(me).toMatchObject({ role: 'marker', proctors: false, reviews: false, marks: true });
    expect((await server.api('GET', `/exams/${exam.id}/review-queue`, undefined, { token: helper.token })).status).toBe(403);
    // The owner marks their own exam; the owner's own view carries no marker flag.
    expect((await server.api('GET', `/exams/${exam.id}`, undefined, { token: owner.token })).body.data.exam.myMarks).toBeUndefined();
    // Nothing to do at all is still refused.
    const none = await put(owner.token, exam.id, helper.user.id, { proctors: false, reviews: false, marks: false });
    expect(none.body.message).toBe(EXAM_STAFF_MSG.noDuty);
  });
});

describe('the staff at the proctor board', () => {
  it('a proctor watches the whole hall with each row’s section, knows their part, and acts', async () => {
    const { owner, helper, students, exam, attempts } = await sharedHall({ sections: ['A'], studentIds: [] });
    await put(owner.token, exam.id, helper.user.id, { sections: ['A'], studentIds: [students[2]!.user.id] });
    const board = await socketOf(helper.user.email);
    const watch = await watchBoard(board, exam.id);
    expect(watch.ack.ok).toBe(true);
    expect(watch.ack.data.part).toEqual({ sections: ['A'], studentIds: [students[2]!.user.id] });
    expect(watch.students.map((r) => [r.student._id, r.section])).toEqual(
      expect.arrayContaining(students.map((s, i) => [s.user.id, 'ABC'[i]])),
    );
    expect(watch.students).toHaveLength(3);
    const me = await server.api('GET', `/exams/${exam.id}/staff/me`, undefined, { token: helper.token });
    expect(me.body.data).toEqual({ role: 'staff', proctors: true, reviews: true, marks: false, part: { sections: ['A'], studentIds: [students[2]!.user.id] } });
    const ownerMe = await server.api('GET', `/exams/${exam.id}/staff/me`, undefined, { token: owner.token });
    expect(ownerMe.body.data).toEqual({ role: 'owner', proctors: true, reviews: true, marks: true, part: null });
    const ownerBoard = await socketOf(owner.user.email);
    expect((await watchBoard(ownerBoard, exam.id)).ack.data.part).toBeNull();

    expect(await call(board, PROCTOR_EVENTS.message, { examId: exam.id, text: 'Pens down in five.' })).toMatchObject({ ok: true });
    expect(await call(board, PROCTOR_EVENTS.extend, { attemptId: attempts[0]!.id, minutes: 5 })).toMatchObject({ ok: true });
    expect(await call(board, PROCTOR_EVENTS.submit, { attemptId: attempts[1]!.id })).toEqual({ ok: true });
    expect((await server.api('GET', `/exams/${exam.id}/waivers`, undefined, { token: helper.token })).status).toBe(200);
    expect((await server.api('GET', `/exams/${exam.id}/help`, undefined, { token: helper.token })).status).toBe(200);
    expect((await server.api('GET', `/exams/${exam.id}/proctor-feed`, undefined, { token: helper.token })).status).toBe(200);
    expect(await call(board, PROCTOR_EVENTS.tiles, { examId: exam.id, on: true })).toEqual({ ok: true });
  });

  it('a reviewer who does not proctor cannot watch or act, but sees the staff list', async () => {
    const { helper, exam, attempts } = await sharedHall({ proctors: false });
    const board = await socketOf(helper.user.email);
    expect(await call(board, PROCTOR_EVENTS.watch, { examId: exam.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(board, PROCTOR_EVENTS.extend, { attemptId: attempts[0]!.id, minutes: 5 })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(board, PROCTOR_EVENTS.message, { examId: exam.id, text: 'Hello' })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(board, PROCTOR_EVENTS.tiles, { examId: exam.id, on: true })).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await server.api('GET', `/exams/${exam.id}/waivers`, undefined, { token: helper.token })).status).toBe(403);
    expect((await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token: helper.token })).status).toBe(200);
    const me = await server.api('GET', `/exams/${exam.id}/staff/me`, undefined, { token: helper.token });
    expect(me.body.data).toMatchObject({ role: 'reviewer', proctors: false, reviews: true, part: null });
  });

  it('an unrelated teacher can do nothing on the board', async () => {
    const { exam, attempts } = await sharedHall();
    const stranger = await person('teacher');
    const board = await socketOf(stranger.user.email);
    expect(await call(board, PROCTOR_EVENTS.watch, { examId: exam.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await call(board, PROCTOR_EVENTS.submit, { attemptId: attempts[0]!.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect((await server.api('GET', `/exams/${exam.id}/staff/me`, undefined, { token: stranger.token })).status).toBe(403);
  });

  it('a removed proctor loses access at once: no more acting, and their open board hears nothing more', async () => {
    const { owner, helper, exam, attempts } = await sharedHall();
    const board = await socketOf(helper.user.email);
    expect((await watchBoard(board, exam.id)).ack.ok).toBe(true);
    const ownerBoard = await socketOf(owner.user.email);
    await watchBoard(ownerBoard, exam.id);
    const heard: string[] = [];
    board.on(PROCTOR_EVENTS.event, (e: ProctorEvent) => heard.push(e.type));

    expect((await server.api('DELETE', `/exams/${exam.id}/staff/${helper.user.id}`, undefined, { token: owner.token })).status).toBe(200);
    expect(await call(board, PROCTOR_EVENTS.extend, { attemptId: attempts[0]!.id, minutes: 5 })).toMatchObject({ ok: false, code: 'forbidden' });
    const ownerHears = nextEvent<ProctorEvent>(ownerBoard, PROCTOR_EVENTS.event);
    await call(ownerBoard, PROCTOR_EVENTS.extend, { attemptId: attempts[0]!.id, minutes: 3 });
    expect((await ownerHears).type).toBe('extended');
    // A round trip on the same socket: anything sent to it before has arrived by now.
    expect(await call(board, PROCTOR_EVENTS.watch, { examId: exam.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(heard).toEqual([]);
    expect((await server.api('GET', `/exams/${exam.id}`, undefined, { token: helper.token })).status).toBe(403);
    expect((await server.api('GET', `/exams/${exam.id}/staff`, undefined, { token: helper.token })).status).toBe(403);
  });

  it('a proctor taken off proctoring (still reviewing) stops hearing the board too', async () => {
    const { owner, helper, exam, attempts } = await sharedHall();
    const board = await socketOf(helper.user.email);
    await watchBoard(board, exam.id);
    const ownerBoard = await socketOf(owner.user.email);
    await watchBoard(ownerBoard, exam.id);
    const heard: string[] = [];
    board.on(PROCTOR_EVENTS.event, (e: ProctorEvent) => heard.push(e.type));
    await put(owner.token, exam.id, helper.user.id, { proctors: false });
    const ownerHears = nextEvent<ProctorEvent>(ownerBoard, PROCTOR_EVENTS.event);
    await call(ownerBoard, PROCTOR_EVENTS.extend, { attemptId: attempts[0]!.id, minutes: 3 });
    await ownerHears;
    // A round trip on the same socket: anything sent to it before has arrived by now.
    expect(await call(board, PROCTOR_EVENTS.watch, { examId: exam.id })).toMatchObject({ ok: false, code: 'forbidden' });
    expect(heard).toEqual([]);
  });
});

describe('every action on the board names who did it', () => {
  it('message, extra time, force-submit and reinstatement carry the proctor’s name, live and in the feed’s history', async () => {
    const { owner, helper, exam, attempts } = await sharedHall();
    const ownerBoard = await socketOf(owner.user.email);
    await watchBoard(ownerBoard, exam.id);
    const board = await socketOf(helper.user.email);
    await watchBoard(board, exam.id);
    const events: ProctorEvent[] = [];
    ownerBoard.on(PROCTOR_EVENTS.event, (e: ProctorEvent) => events.push(e));
    const until = async (type: string, attemptId: string) => {
      while (!events.some((e) => e.type === type && e.attemptId === attemptId)) await nextEvent(ownerBoard, PROCTOR_EVENTS.event);
      return events.find((e) => e.type === type && e.attemptId === attemptId)!;
    };
    const hugo = { by: helper.user.id, byName: 'Hugo Teacher' };

    await call(board, PROCTOR_EVENTS.message, { examId: exam.id, attemptId: attempts[0]!.id, text: 'Eyes on your own paper.' });
    expect((await until('message', attempts[0]!.id)).detail).toMatchObject({ text: 'Eyes on your own paper.', ...hugo });
    await call(board, PROCTOR_EVENTS.extend, { attemptId: attempts[0]!.id, minutes: 4 });
    expect((await until('extended', attempts[0]!.id)).detail).toMatchObject({ minutes: 4, ...hugo });
    await call(board, PROCTOR_EVENTS.submit, { attemptId: attempts[1]!.id });
    expect((await until('submitted', attempts[1]!.id)).detail).toMatchObject({ reason: 'proctor', ...hugo });
    // An attempt ended for violations, reinstated by the proctor.
    await server.deps.db('attempts').where({ id: attempts[2]!.id }).update({ status: 'submitted', submit_reason: 'violations', submitted_at: new Date() });
    expect(await call(board, PROCTOR_EVENTS.reinstate, { attemptId: attempts[2]!.id })).toMatchObject({ ok: true });
    expect((await until('reinstated', attempts[2]!.id)).detail).toMatchObject(hugo);

    const history = await server.api('GET', `/exams/${exam.id}/proctor-feed`, undefined, { token: owner.token });
    const byType = new Map<string, Record<string, unknown>>(history.body.data.events.map((e: ProctorEvent) => [e.type, e.detail]));
    for (const type of ['message', 'extended', 'submitted', 'reinstated']) expect(byType.get(type)).toMatchObject(hugo);
  });

  it('a waiver granted and a help request resolved name the proctor on the board', async () => {
    const { owner, helper, students, exam } = await sharedHall();
    const ownerBoard = await socketOf(owner.user.email);
    await watchBoard(ownerBoard, exam.id);
    const waiver = nextEvent<ProctorWaiverEvent>(ownerBoard, PROCTOR_EVENTS.waiver);
    const granted = await server.api('PUT', `/exams/${exam.id}/waivers/${students[0]!.user.id}/camera`, { reason: 'No webcam' }, { token: helper.token });
    expect(granted.status).toBe(200);
    expect(await waiver).toMatchObject({ studentId: students[0]!.user.id, granted: true, by: helper.user.id, byName: 'Hugo Teacher' });

    const asked = await server.api('POST', `/exams/${exam.id}/help`, { check: 'camera', note: 'It will not start' }, { token: students[1]!.token });
    expect(asked.status).toBe(201);
    const resolved = nextEvent<ProctorHelpEvent>(ownerBoard, PROCTOR_EVENTS.help);
    expect((await server.api('POST', `/help/${asked.body.data.request.id}/resolve`, undefined, { token: helper.token })).status).toBe(200);
    expect(await resolved).toMatchObject({ status: 'resolved', by: helper.user.id, byName: 'Hugo Teacher' });
  });
});

describe('evidence pictures for the staff', () => {
  it('the exam’s staff open its pictures; a stranger, and a removed member, are told there are none', async () => {
    const { owner, helper, students, exam, attempts } = await sharedHall({ proctors: false });
    const id = randomUUID();
    const key = `evidence/${attempts[0]!.id}/${id}.jpg`;
    await server.deps.files.put(key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), 'image/jpeg');
    await server.deps.db('proctoring_evidence').insert({
      id,
      attempt_id: attempts[0]!.id,
      exam_id: exam.id,
      student_id: students[0]!.user.id,
      flag_id: randomUUID(),
      kind: 'face-missing',
      source: 'camera',
      file_key: key,
      size: 4,
      expires_at: new Date(Date.now() + 86_400_000),
    });
    const picture = (token: string) => fetch(`${server.url}/api/evidence/${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    const list = (token: string) => server.api('GET', `/attempts/${attempts[0]!.id}/evidence`, undefined, { token });
    expect(await picture(helper.token)).toBe(200);
    expect((await list(helper.token)).body.data.evidence).toHaveLength(1);
    const stranger = await person('teacher');
    expect(await picture(stranger.token)).toBe(404);
    expect((await list(stranger.token)).status).toBe(404);
    await server.api('DELETE', `/exams/${exam.id}/staff/${helper.user.id}`, undefined, { token: owner.token });
    expect(await picture(helper.token)).toBe(404);
    expect((await list(helper.token)).status).toBe(404);
  });
});
