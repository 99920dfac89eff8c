import type { ViolationType } from '@exam/shared';
import type { Deps } from '../deps';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from './factories';
import type { TestServer } from './harness';

/** Fixtures of the integrity review's tests: people with tokens, a sat exam, flags and saves written as the server writes them. */

export async function signIn(server: TestServer, email: string): Promise<string> {
  return (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
}

export async function personOf(server: TestServer, role: 'student' | 'teacher' | 'admin' | 'parent', firstName?: string) {
  const user = await buildUser(server.deps, { role, firstName });
  return { user, token: await signIn(server, user.email) };
}

/** Links a parent to a student, accepted. */
export async function linkParent(deps: Deps, parentId: string, childId: string): Promise<void> {
  await deps.db('parent_children').insert({ parent_id: parentId, child_id: childId, status: 'accepted', relationship: 'mother' });
}

/** A violation event as the recorder writes it: logged and the attempt's state to needs_review (unless confirmed). */
export async function flagAttempt(deps: Deps, attemptId: string, studentId: string, kind: ViolationType = 'tab-switch', detail: Record<string, unknown> = {}): Promise<string> {
  const [row] = (await deps
    .db('attempt_events')
    .insert({ attempt_id: attemptId, type: 'violation', actor_id: studentId, detail: JSON.stringify({ violation: kind, ...detail }) })
    .returning('id')) as { id: string | number }[];
  await deps.db('attempts').where({ id: attemptId }).whereNot('integrity_state', 'confirmed').update({ integrity_state: 'needs_review' });
  return String(row!.id);
}

/**
 * Marks an attempt graded with a score, as grading leaves it: its questions (2 points each) answered,
 * the first ones right and the rest wrong, as many right as the percentage says.
 */
export async function gradeAs(deps: Deps, attemptId: string, percentage: number, over: Record<string, unknown> = {}): Promise<void> {
  const { question_order: order } = (await deps.db('attempts').where({ id: attemptId }).first('question_order')) as { question_order: string[] };
  const right = Math.round((percentage / 100) * order.length);
  await deps.db('answers').where({ attempt_id: attemptId }).delete();
  if (order.length) {
    await deps.db('answers').insert(
      order.map((questionId, i) => ({ attempt_id: attemptId, question_id: questionId, answer: i < right ? 'Four' : 'Three', seq: i + 1, marks: i < right ? 2 : 0, is_correct: i < right })),
    );
  }
  const max = order.length * 2;
  await deps
    .db('attempts')
    .where({ id: attemptId })
    .update({ status: 'graded', score: right * 2, max_score: max, percentage, passed: percentage >= 60, graded_at: new Date(), submitted_at: new Date(), ...over });
}

/** A teacher's exam (settings as given, results shown at once unless told; 5 questions) with students who sat it, each graded 80 %. */
export async function satExam(server: TestServer, opts: { settings?: Record<string, unknown>; students?: number; names?: string[]; questions?: number } = {}) {
  const teacher = await personOf(server, 'teacher');
  const names = opts.names ?? Array.from({ length: opts.students ?? 1 }, (_, i) => `Student${i + 1}`);
  const students = [];
  const exam = await buildExam(server.deps, teacher.user.id, { settings: opts.settings ?? {}, questions: opts.questions ?? 5 });
  for (const name of names) {
    const student = await personOf(server, 'student', name);
    const attempt = await buildAttempt(server.deps, exam.id, student.user.id, 1, 'submitted');
    await server.deps.db('attempts').where({ id: attempt.id }).update({ question_order: JSON.stringify(exam.questionIds) });
    await gradeAs(server.deps, attempt.id, 80);
    students.push({ ...student, attemptId: attempt.id });
  }
  return { teacher, exam, students };
}
