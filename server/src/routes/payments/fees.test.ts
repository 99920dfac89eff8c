import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

/** Fees the school issues, who sees them, and paying one (once) through the ordinary payment flow. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'student' | 'parent' | 'admin' | 'teacher' = 'student', over: { grade?: number; section?: string } = {}) {
  const user = await buildUser(server.deps, { role });
  if (over.grade !== undefined) await server.deps.db('users').where({ id: user.id }).update({ grade: over.grade, section: over.section ?? null });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

async function link(parentId: string, childId: string, status: 'accepted' | 'pending' | 'declined') {
  await server.deps.db('parent_children').insert({ parent_id: parentId, child_id: childId, relationship: 'mother', status });
}

interface FeeView {
  _id: string;
  feeId: string;
  title: string;
  amount: number;
  status: string;
  dueDate: string;
  student: { _id: string };
  paidBy: { _id: string; name: string } | null;
  payment: { _id: string } | null;
}
const feesOf = async (token: string, query = '') => (await api('GET', `/payments/fees${query}`, undefined, { token })).body.data.fees as FeeView[];

let admin: { token: string };
beforeAll(async () => {
  admin = await signedIn('admin');
});

const issue = (body: unknown, token = admin.token) => api('POST', '/payments/fees', body, { token });

describe('fees the school issues', () => {
  it('issues a fee to chosen students, and only admins may', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const c = await signedIn();
    const body = { title: 'Lab fee', amount: 12.5, dueDate: '2031-03-01', target: { kind: 'students', studentIds: [a.user.id, b.user.id] } };
    for (const who of [a, await signedIn('teacher'), await signedIn('parent')]) expect((await issue(body, who.token)).status).toBe(403);
    const res = await issue(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: PAYMENT_MSG.feeIssued, data: { assigned: 2 } });
    const mine = await feesOf(a.token);
    expect(mine).toEqual([expect.objectContaining({ title: 'Lab fee', amount: 12.5, currency: 'USD', dueDate: '2031-03-01', status: 'due', student: expect.objectContaining({ _id: a.user.id }) })]);
    expect(await feesOf(c.token)).toEqual([]);
    const all = await feesOf(admin.token, `?feeId=${res.body.data.feeId}`);
    expect(all.map((f) => f.student._id).sort()).toEqual([a.user.id, b.user.id].sort());
  });

  it('issues a fee to an exam’s students: its list, or its whole grade when it has none', async () => {
    const teacher = await signedIn('teacher');
    const listed = await signedIn('student', { grade: 4 });
    const sameGradeNotListed = await signedIn('student', { grade: 4 });
    const listedExam = await buildExam(server.deps, teacher.user.id, { grade: 4, eligible: [listed.user.id] });
    const res = await issue({ title: 'Exam sitting fee', amount: 5, dueDate: '2031-04-01', target: { kind: 'exam', examId: listedExam.id } });
    expect(res.body.data.assigned).toBe(1);
    expect((await feesOf(listed.token)).map((f) => f.title)).toEqual(['Exam sitting fee']);
    expect(await feesOf(sameGradeNotListed.token)).toEqual([]);

    const other = await signedIn('student', { grade: 3 });
    const gradeExam = await buildExam(server.deps, teacher.user.id, { grade: 3 });
    const byGrade = await issue({ title: 'Grade 3 exam fee', amount: 5, dueDate: '2031-04-01', target: { kind: 'exam', examId: gradeExam.id } });
    expect(byGrade.status).toBe(201);
    expect((await feesOf(other.token)).map((f) => f.title)).toEqual(['Grade 3 exam fee']);
    const missing = await issue({ title: 'Nope', amount: 5, dueDate: '2031-04-01', target: { kind: 'exam', examId: '00000000-0000-4000-8000-000000000000' } });
    expect(missing.status).toBe(400);
  });

  it('issues a fee to a class (a grade, or one section of it)', async () => {
    const inSection = await signedIn('student', { grade: 6, section: 'C' });
    const otherSection = await signedIn('student', { grade: 6, section: 'D' });
    const res = await issue({ title: 'Trip 6C', amount: 30, dueDate: '2031-05-01', target: { kind: 'class', grade: 6, section: 'C' } });
    expect(res.body.data.assigned).toBe(1);
    expect((await feesOf(inSection.token)).map((f) => f.title)).toEqual(['Trip 6C']);
    expect(await feesOf(otherSection.token)).toEqual([]);
    const whole = await issue({ title: 'Books grade 6', amount: 20, dueDate: '2031-05-01', target: { kind: 'class', grade: 6 } });
    expect(whole.body.data.assigned).toBe(2);
    const none = await issue({ title: 'Nobody', amount: 20, dueDate: '2031-05-01', target: { kind: 'class', grade: 1, section: 'A' } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(PAYMENT_MSG.feeNoStudents);
  });

  it('refuses a bad fee with field messages', async () => {
    const s = await signedIn();
    const bad = await issue({ title: ' ', amount: 0, dueDate: '2031-02-30', target: { kind: 'students', studentIds: [] } });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(bad.body.errors.map((e: { field: string; msg: string }) => [e.field, e.msg]));
    expect(fields).toMatchObject({ title: PAYMENT_MSG.feeTitleRequired, amount: PAYMENT_MSG.amountMin, dueDate: PAYMENT_MSG.feeDueDateInvalid, 'target.studentIds': PAYMENT_MSG.feeStudentsRequired });
    expect(await feesOf(s.token)).toEqual([]);
  });

  it('shows a student’s fees to their parent with an accepted link only, and to no other student', async () => {
    const child = await signedIn();
    const sibling = await signedIn();
    const accepted = await signedIn('parent');
    const pending = await signedIn('parent');
    const declined = await signedIn('parent');
    const stranger = await signedIn('parent');
    await link(accepted.user.id, child.user.id, 'accepted');
    await link(pending.user.id, child.user.id, 'pending');
    await link(declined.user.id, child.user.id, 'declined');
    const res = await issue({ title: 'Swimming', amount: 8, dueDate: '2031-06-01', target: { kind: 'students', studentIds: [child.user.id] } });
    const [fee] = await feesOf(admin.token, `?feeId=${res.body.data.feeId}`);
    expect((await feesOf(accepted.token)).map((f) => f._id)).toEqual([fee!._id]);
    for (const who of [pending, declined, stranger, sibling]) {
      expect(await feesOf(who.token)).toEqual([]);
      expect((await api('GET', `/payments/fees/${fee!._id}`, undefined, { token: who.token })).status).toBe(404);
      const pay = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: who.token });
      expect(pay.status).toBe(404);
    }
    expect((await api('GET', `/payments/fees/${fee!._id}`, undefined, { token: accepted.token })).body.data.fee.title).toBe('Swimming');
    // An admin sees it but does not pay a student's fee.
    expect((await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: admin.token })).status).toBe(403);
  });

  it('frees a fee whose payment another payer left unfinished for half an hour, and the left one can no longer be charged', async () => {
    const child = await signedIn();
    const parent = await signedIn('parent');
    await link(parent.user.id, child.user.id, 'accepted');
    const res = await issue({ title: 'Trip', amount: 20, dueDate: '2031-07-01', target: { kind: 'students', studentIds: [child.user.id] } });
    const [fee] = await feesOf(admin.token, `?feeId=${res.body.data.feeId}`);
    const left = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: child.token });
    expect(left.status).toBe(201);
    // Twenty-nine minutes on, it still holds the fee.
    await server.deps.db('payments').where({ id: left.body.data.payment._id }).update({ created_at: new Date(Date.now() - 29 * 60_000) });
    expect((await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: parent.token })).status).toBe(409);
    // Past half an hour the parent may pay it.
    await server.deps.db('payments').where({ id: left.body.data.payment._id }).update({ created_at: new Date(Date.now() - 31 * 60_000) });
    const taken = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: parent.token });
    expect(taken.status).toBe(201);
    expect(taken.body.data.payment.status).toBe('pending');
    const late = await api('POST', `/payments/${left.body.data.payment._id}/confirm`, { card: { brand: 'visa', last4: '4242' } }, { token: child.token });
    expect(late.status).toBe(409);
    const paid = await api('POST', `/payments/${taken.body.data.payment._id}/confirm`, { card: { brand: 'visa', last4: '4242' } }, { token: parent.token });
    expect(paid.body.data.payment.status).toBe('succeeded');
    expect((await feesOf(child.token))[0]!.status).toBe('paid');
  });

  it('lets a parent pay a child’s fee once; it shows paid to the student, and nobody can pay it again', async () => {
    const child = await signedIn();
    const parent = await signedIn('parent');
    await link(parent.user.id, child.user.id, 'accepted');
    const res = await issue({ title: 'Term fee', amount: 45.25, dueDate: '2031-07-01', target: { kind: 'students', studentIds: [child.user.id] } });
    const [fee] = await feesOf(admin.token, `?feeId=${res.body.data.feeId}`);

    // The student starts a payment and leaves it: nobody else may start another beside it.
    const started = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: child.token });
    expect(started.status).toBe(201);
    expect(started.body.data.payment).toMatchObject({ status: 'pending', amount: 45.25, description: 'Term fee', feeId: fee!._id });
    // Starting again resumes the same payment.
    const resumed = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: child.token });
    expect(resumed.body.data.payment._id).toBe(started.body.data.payment._id);
    const blocked = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: parent.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe(PAYMENT_MSG.feeInProgress);
    // The student's card is declined: the fee is still due, and the parent may pay.
    await api('POST', `/payments/${started.body.data.payment._id}/confirm`, { card: { brand: 'visa', last4: '0002' } }, { token: child.token });
    expect((await feesOf(child.token))[0]!.status).toBe('due');

    const key = { 'idempotency-key': 'fee-pay-1' };
    const pending = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: parent.token, headers: key });
    expect(pending.body.data.nextAction).toEqual({ type: 'sandbox_card', confirmPath: `/api/payments/${pending.body.data.payment._id}/confirm` });
    const card = { card: { brand: 'visa', last4: '4242' } };
    const [x, y] = await Promise.all([
      api('POST', `/payments/${pending.body.data.payment._id}/confirm`, card, { token: parent.token }),
      api('POST', `/payments/${pending.body.data.payment._id}/confirm`, card, { token: parent.token }),
    ]);
    expect([x.body.data.payment.status, y.body.data.payment.status]).toEqual(['succeeded', 'succeeded']);

    const seenByChild = (await feesOf(child.token))[0]!;
    expect(seenByChild).toMatchObject({ status: 'paid', paidBy: { _id: parent.user.id }, payment: { _id: pending.body.data.payment._id } });
    expect((await feesOf(parent.token))[0]!.status).toBe('paid');
    for (const who of [child, parent]) {
      const again = await api('POST', `/payments/fees/${fee!._id}/pay`, { card: { brand: 'visa', last4: '4242' } }, { token: who.token });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(PAYMENT_MSG.feeAlreadyPaid);
    }
    // A retry of the parent's paying request gets the same succeeded payment, nothing more.
    const retried = await api('POST', `/payments/fees/${fee!._id}/pay`, {}, { token: parent.token, headers: key });
    expect(retried.status).toBe(409);
    const succeeded = await server.deps.db('payments').where({ fee_assignment_id: fee!._id, status: 'succeeded' }).count({ n: '*' });
    expect(Number(succeeded[0]!.n)).toBe(1);
    const notes = (await api('GET', '/notifications?type=payment', undefined, { token: parent.token })).body.data.notifications;
    expect(notes).toHaveLength(1);
  });

  it('takes a fee’s payment even when the school refuses amounts of the payer’s choosing', async () => {
    const student = await signedIn();
    const current = (await api('GET', '/platform-settings/admin', undefined, { token: admin.token })).body.data.settings;
    const saved = await api('PUT', '/platform-settings', { ...current, payments: { allowFreeAmounts: false } }, { token: admin.token });
    expect(saved.status).toBe(200);
    try {
      expect((await api('GET', '/payments/config', undefined, { token: student.token })).body.data.allowFreeAmounts).toBe(false);
      const free = await api('POST', '/payments', { amount: 10, description: 'Anything' }, { token: student.token });
      expect(free.status).toBe(403);
      expect(free.body.message).toBe(PAYMENT_MSG.freeAmountsOff);
      const res = await issue({ title: 'Uniform', amount: 15, dueDate: '2031-08-01', target: { kind: 'students', studentIds: [student.user.id] } });
      const [fee] = await feesOf(student.token);
      const paid = await api('POST', `/payments/fees/${fee!._id}/pay`, { card: { brand: 'visa', last4: '4242' } }, { token: student.token });
      expect(paid.status).toBe(201);
      expect(paid.body.data.payment.status).toBe('succeeded');
      expect((await feesOf(admin.token, `?feeId=${res.body.data.feeId}`))[0]).toMatchObject({ status: 'paid', paidBy: { _id: student.user.id } });
    } finally {
      await api('PUT', '/platform-settings', { ...current, payments: { allowFreeAmounts: true } }, { token: admin.token });
    }
  });
});
