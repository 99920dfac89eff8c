import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOMMODATION_MSG, EXAM_MSG, MSG, NO_ACCOMMODATION, USER_MSG, type Role } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { accommodationResponseSchemas } from './openapi';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: Role) {
  const user = await buildUser(server.deps, { role });
  const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

function matches(schema: z.ZodType, data: unknown) {
  const parsed = schema.safeParse(data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
}

/** The rows of an exam's list for these students (other tests' students share the grade). */
type Listed = { studentId: string; effective: unknown };
const only = (rows: Listed[], ...ids: string[]) => rows.filter((r) => ids.includes(r.studentId));

const EXTRA_TIME = { timeMultiplier: 1.5, restBreakMinutes: 10, waivedChecks: ['face', 'face'], note: 'Dyslexia report, 2026' };

describe('a student’s standing accommodation', () => {
  it('is set, read and removed by teachers and admins, with the defaults filled in and who set it', async () => {
    const teacher = await signedIn('teacher');
    const admin = await signedIn('admin');
    const student = await buildUser(server.deps, { role: 'student', firstName: 'Ada' });
    const path = `/users/${student.id}/accommodations`;

    const none = await api('GET', path, undefined, { token: teacher.token });
    expect(none.status).toBe(200);
    matches(accommodationResponseSchemas.one, none.body.data);
    expect(none.body.data).toEqual({ studentId: student.id, studentName: 'Ada Student', standing: null, effective: NO_ACCOMMODATION, updatedAt: null, updatedBy: null });

    const set = await api('PUT', path, EXTRA_TIME, { token: teacher.token });
    expect(set.status).toBe(200);
    matches(accommodationResponseSchemas.one, set.body.data);
    const given = { ...NO_ACCOMMODATION, timeMultiplier: 1.5, restBreakMinutes: 10, waivedChecks: ['face'], note: 'Dyslexia report, 2026' };
    expect(set.body.data).toMatchObject({ standing: given, effective: given, updatedBy: teacher.user.id });

    // A PUT replaces the whole: what it leaves out goes back to its default.
    const changed = await api('PUT', path, { largerText: true }, { token: admin.token });
    expect(changed.body.data.standing).toEqual({ ...NO_ACCOMMODATION, largerText: true });
    expect(changed.body.data.updatedBy).toBe(admin.user.id);
    expect((await api('GET', path, undefined, { token: teacher.token })).body.data.standing).toEqual({ ...NO_ACCOMMODATION, largerText: true });

    const removed = await api('DELETE', path, undefined, { token: teacher.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ standing: null, effective: NO_ACCOMMODATION });
    expect((await api('GET', path, undefined, { token: admin.token })).body.data.standing).toBeNull();
  });

  it('is closed to students (their own included) and parents', async () => {
    const student = await signedIn('student');
    const parent = await signedIn('parent');
    const path = `/users/${student.user.id}/accommodations`;
    for (const who of [student, parent]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await api(method, path, method === 'PUT' ? EXTRA_TIME : undefined, { token: who.token });
        expect(res.status, `${who.user.role} ${method}`).toBe(403);
        expect(res.body.message).toBe(MSG.forbidden);
      }
    }
    expect(await server.deps.db('student_accommodations').where({ student_id: student.user.id })).toEqual([]);
  });

  it('refuses a non-student, an unknown account and a bad value with the catalogue’s words', async () => {
    const teacher = await signedIn('teacher');
    const student = await buildUser(server.deps, { role: 'student' });
    const other = await buildUser(server.deps, { role: 'teacher' });
    const path = `/users/${student.id}/accommodations`;

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await api(method, `/users/${other.id}/accommodations`, method === 'PUT' ? EXTRA_TIME : undefined, { token: teacher.token });
      expect(res.status, method).toBe(400);
      expect(res.body.message).toBe(ACCOMMODATION_MSG.notAStudent);
    }
    const unknown = await api('GET', '/users/00000000-0000-4000-8000-000000000000/accommodations', undefined, { token: teacher.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(USER_MSG.userNotFound);

    const cases: [unknown, string][] = [
      [{ timeMultiplier: 1.4 }, ACCOMMODATION_MSG.multiplierInvalid],
      [{ timeMultiplier: '1.5' }, ACCOMMODATION_MSG.multiplierInvalid],
      [{ restBreakMinutes: 121 }, ACCOMMODATION_MSG.breakMinutesInvalid],
      [{ restBreakMinutes: 2.5 }, ACCOMMODATION_MSG.breakMinutesInvalid],
      [{ restBreakMinutes: -1 }, ACCOMMODATION_MSG.breakMinutesInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await api('PUT', path, body, { token: teacher.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await api('PUT', path, { waivedChecks: ['aura'] }, { token: teacher.token })).status).toBe(400);
    expect(await server.deps.db('student_accommodations').where({ student_id: student.id })).toEqual([]);
  });

  it('marks the student in the students list', async () => {
    const teacher = await signedIn('teacher');
    const marked = await buildUser(server.deps, { role: 'student', firstName: 'Accommodated' });
    const plain = await buildUser(server.deps, { role: 'student', firstName: 'Accommodated' });
    await api('PUT', `/users/${marked.id}/accommodations`, { timeMultiplier: 2 }, { token: teacher.token });
    const list = await api('GET', '/users/students/list?search=Accommodated&limit=100', undefined, { token: teacher.token });
    expect(list.status).toBe(200);
    const flags = Object.fromEntries(list.body.data.students.map((s: { _id: string; accommodated: boolean }) => [s._id, s.accommodated]));
    expect(flags[marked.id]).toBe(true);
    expect(flags[plain.id]).toBe(false);
  });
});

describe('an exam’s own accommodation', () => {
  it('replaces the student’s standing one in that exam, whole, and DELETE goes back to the standing one', async () => {
    const teacher = await signedIn('teacher');
    const student = await buildUser(server.deps, { role: 'student', firstName: 'Bo' });
    const unlisted = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.user.id);
    const other = await buildExam(server.deps, teacher.user.id);
    await api('PUT', `/users/${student.id}/accommodations`, { timeMultiplier: 1.5, waivedChecks: ['voice'] }, { token: teacher.token });
    // Someone with a standing accommodation outside the exam's grade is not one of its students.
    await server.deps.db('users').where({ id: unlisted.id }).update({ grade: 11 });
    await api('PUT', `/users/${unlisted.id}/accommodations`, { timeMultiplier: 2 }, { token: teacher.token });

    const listed = await api('GET', `/exams/${exam.id}/accommodations`, undefined, { token: teacher.token });
    expect(listed.status).toBe(200);
    matches(accommodationResponseSchemas.list, listed.body.data);
    const standing = { ...NO_ACCOMMODATION, timeMultiplier: 1.5, waivedChecks: ['voice'] };
    expect(only(listed.body.data.accommodations, student.id, unlisted.id)).toEqual([expect.objectContaining({ studentId: student.id, standing, exam: null, effective: standing })]);

    const set = await api('PUT', `/exams/${exam.id}/accommodations/${student.id}`, { largerText: true }, { token: teacher.token });
    expect(set.status).toBe(200);
    matches(accommodationResponseSchemas.one, set.body.data);
    const own = { ...NO_ACCOMMODATION, largerText: true };
    // Not merged: the standing 1.5× does not apply in this exam.
    expect(set.body.data).toMatchObject({ standing, exam: own, effective: own });
    expect(only((await api('GET', `/exams/${exam.id}/accommodations`, undefined, { token: teacher.token })).body.data.accommodations, student.id)).toEqual([
      expect.objectContaining({ studentId: student.id, exam: own, effective: own }),
    ]);
    // The other exam still applies the standing one, and the student's page still shows it.
    expect(only((await api('GET', `/exams/${other.id}/accommodations`, undefined, { token: teacher.token })).body.data.accommodations, student.id)[0]?.effective).toEqual(standing);
    expect((await api('GET', `/users/${student.id}/accommodations`, undefined, { token: teacher.token })).body.data.effective).toEqual(standing);

    const back = await api('DELETE', `/exams/${exam.id}/accommodations/${student.id}`, undefined, { token: teacher.token });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ standing, exam: null, effective: standing });
    expect(only((await api('GET', `/exams/${exam.id}/accommodations`, undefined, { token: teacher.token })).body.data.accommodations, student.id)[0]?.effective).toEqual(standing);
  });

  it('is for the exam’s own students: its list, or its grade when it lists nobody', async () => {
    const teacher = await signedIn('teacher');
    const listed = await buildUser(server.deps, { role: 'student' });
    const gradeMate = await buildUser(server.deps, { role: 'student' });
    const parent = await buildUser(server.deps, { role: 'parent' });
    const listing = await buildExam(server.deps, teacher.user.id, { eligible: [listed.id] });
    const byGrade = await buildExam(server.deps, teacher.user.id);

    expect((await api('PUT', `/exams/${listing.id}/accommodations/${listed.id}`, { timeMultiplier: 2 }, { token: teacher.token })).status).toBe(200);
    const notListed = await api('PUT', `/exams/${listing.id}/accommodations/${gradeMate.id}`, { timeMultiplier: 2 }, { token: teacher.token });
    expect(notListed.status).toBe(400);
    expect(notListed.body.message).toBe(ACCOMMODATION_MSG.notInExam);
    expect((await api('PUT', `/exams/${byGrade.id}/accommodations/${gradeMate.id}`, { timeMultiplier: 2 }, { token: teacher.token })).status).toBe(200);

    await server.deps.db('users').where({ id: gradeMate.id }).update({ grade: 9 });
    const otherGrade = await api('PUT', `/exams/${byGrade.id}/accommodations/${gradeMate.id}`, { timeMultiplier: 2.5 }, { token: teacher.token });
    expect(otherGrade.status).toBe(400);
    expect(otherGrade.body.message).toBe(ACCOMMODATION_MSG.notInExam);
    // The exam keeps the one it set while the student was its own: still listed, and removable.
    const kept = (await api('GET', `/exams/${byGrade.id}/accommodations`, undefined, { token: teacher.token })).body.data.accommodations;
    expect(only(kept, gradeMate.id).map((a) => a.studentId)).toEqual([gradeMate.id]);
    expect((await api('DELETE', `/exams/${byGrade.id}/accommodations/${gradeMate.id}`, undefined, { token: teacher.token })).status).toBe(200);
    expect(only((await api('GET', `/exams/${byGrade.id}/accommodations`, undefined, { token: teacher.token })).body.data.accommodations, gradeMate.id)).toEqual([]);

    const notStudent = await api('PUT', `/exams/${byGrade.id}/accommodations/${parent.id}`, {}, { token: teacher.token });
    expect(notStudent.status).toBe(400);
    expect(notStudent.body.message).toBe(ACCOMMODATION_MSG.notAStudent);
    const badValue = await api('PUT', `/exams/${listing.id}/accommodations/${listed.id}`, { timeMultiplier: 5 }, { token: teacher.token });
    expect(badValue.status).toBe(400);
    expect(badValue.body.message).toBe(ACCOMMODATION_MSG.multiplierInvalid);
    const noExam = await api('GET', '/exams/00000000-0000-4000-8000-000000000000/accommodations', undefined, { token: teacher.token });
    expect(noExam.status).toBe(404);
    expect(noExam.body.message).toBe(EXAM_MSG.examNotFound);
  });

  it('is set by whoever manages the exam: not another teacher, nor one who only proctors and marks it, nor students or parents', async () => {
    const owner = await signedIn('teacher');
    const admin = await signedIn('admin');
    const stranger = await signedIn('teacher');
    const helper = await signedIn('teacher');
    const student = await signedIn('student');
    const parent = await signedIn('parent');
    const exam = await buildExam(server.deps, owner.user.id);
    await server.deps.db('exam_staff').insert({ exam_id: exam.id, user_id: helper.user.id, proctors: true, reviews: true, marks: true, added_by: owner.user.id });
    const path = `/exams/${exam.id}/accommodations/${student.user.id}`;

    expect((await api('PUT', path, { timeMultiplier: 1.25 }, { token: admin.token })).status).toBe(200);
    for (const who of [stranger, helper, student, parent]) {
      for (const [method, url] of [
        ['GET', `/exams/${exam.id}/accommodations`],
        ['PUT', path],
        ['DELETE', path],
      ] as const) {
        const res = await api(method, url, method === 'PUT' ? { timeMultiplier: 3 } : undefined, { token: who.token });
        expect(res.status, `${who.user.role} ${method} ${url}`).toBe(403);
      }
    }
    const rows = await server.deps.db('exam_accommodations').where({ exam_id: exam.id });
    expect(rows.map((r: { time_multiplier: string }) => Number(r.time_multiplier))).toEqual([1.25]);
    expect((await api('DELETE', path, undefined, { token: owner.token })).status).toBe(200);
  });
});
