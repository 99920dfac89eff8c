import { randomBytes } from 'node:crypto';
import { EXAM_SETTINGS_DEFAULTS, type Role } from '@exam/shared';
import type { Deps } from '../deps';
import type { UserRow } from '../db/userRow';
import { createUser } from '../services/accounts';

export const TEST_PASSWORD = 'correct-horse-9';

let counter = 0;

/** A user of its own for each test; verified and active unless told otherwise. */
export async function buildUser(
  deps: Deps,
  props: { role?: Role; email?: string; password?: string; isVerified?: boolean; isActive?: boolean; firstName?: string } = {},
): Promise<UserRow & { password: string }> {
  const role = props.role ?? 'student';
  const password = props.password ?? TEST_PASSWORD;
  const email = props.email ?? `${role}-${++counter}-${randomBytes(3).toString('hex')}@school.test`;
  const user = await createUser(deps.db, {
    email,
    password,
    role,
    firstName: props.firstName ?? 'Test',
    lastName: role.charAt(0).toUpperCase() + role.slice(1),
    isVerified: props.isVerified ?? true,
    ...(role === 'student' ? { grade: 10, section: 'B' } : {}),
    ...(role === 'teacher' ? { subject: 'physics', qualification: 'PhD' } : {}),
  });
  if (props.isActive === false) await deps.db('users').where({ id: user.id }).update({ is_active: false });
  return { ...user, is_active: props.isActive ?? true, password };
}

type ExamState = 'upcoming' | 'ongoing' | 'completed';
const HOUR = 3600_000;

/** A question owned by `ownerId`; multiple-choice unless told otherwise. */
export async function buildQuestion(
  deps: Deps,
  ownerId: string,
  over: Partial<{ text: string; type: string; subject: string; topic: string; difficulty: string; points: number }> = {},
): Promise<{ id: string }> {
  const type = over.type ?? 'multiple-choice';
  const options =
    type === 'multiple-choice'
      ? [{ text: 'Three', isCorrect: false }, { text: 'Four', isCorrect: true }]
      : type === 'true-false'
        ? [{ text: 'True', isCorrect: true }, { text: 'False', isCorrect: false }]
        : [];
  const [row] = await deps
    .db('questions')
    .insert({
      owner_id: ownerId,
      text: over.text ?? `What is two plus two? (${randomBytes(3).toString('hex')})`,
      type,
      subject: over.subject ?? 'mathematics',
      topic: over.topic ?? 'arithmetic',
      difficulty: over.difficulty ?? 'easy',
      points: over.points ?? 2,
      options: JSON.stringify(options),
      correct_answer: type === 'essay' ? '' : type === 'true-false' ? 'True' : type === 'fill-blank' ? 'Paris' : 'Four',
      accepted_answers: JSON.stringify(type === 'fill-blank' ? ['Paris'] : []),
    })
    .returning('id');
  return row as { id: string };
}

/**
 * An exam owned by `ownerId`, placed in time as asked (written straight to the table, since the
 * API refuses to create exams that start in the past).
 */
export async function buildExam(
  deps: Deps,
  ownerId: string,
  over: Partial<{
    state: ExamState;
    published: boolean;
    grade: number;
    title: string;
    subject: string;
    duration: number;
    questions: number;
    eligible: string[];
    settings: Record<string, unknown>;
  }> = {},
): Promise<{ id: string; questionIds: string[] }> {
  const now = Date.now();
  const state = over.state ?? 'ongoing';
  const [start, end] =
    state === 'upcoming' ? [now + 24 * HOUR, now + 26 * HOUR] : state === 'ongoing' ? [now - HOUR, now + 2 * HOUR] : [now - 26 * HOUR, now - 24 * HOUR];
  const [exam] = (await deps
    .db('exams')
    .insert({
      owner_id: ownerId,
      title: over.title ?? `Exam ${randomBytes(3).toString('hex')}`,
      subject: over.subject ?? 'mathematics',
      description: 'A test exam made by the factory',
      grade: over.grade ?? 10,
      duration_minutes: over.duration ?? 30,
      start_at: new Date(start),
      end_at: new Date(end),
      settings: JSON.stringify({ ...EXAM_SETTINGS_DEFAULTS, ...over.settings }),
      is_published: over.published ?? true,
    })
    .returning('id')) as { id: string }[];
  const questionIds: string[] = [];
  for (let i = 0; i < (over.questions ?? 2); i++) {
    const q = await buildQuestion(deps, ownerId);
    questionIds.push(q.id);
    await deps.db('exam_questions').insert({ exam_id: exam!.id, question_id: q.id, position: i + 1 });
  }
  for (const studentId of over.eligible ?? []) await deps.db('exam_eligible_students').insert({ exam_id: exam!.id, student_id: studentId });
  return { id: exam!.id, questionIds };
}

/** A submitted attempt, as later issues' services would leave it. */
export async function buildAttempt(deps: Deps, examId: string, studentId: string, attemptNumber = 1, status: 'in_progress' | 'submitted' = 'submitted') {
  const [row] = await deps
    .db('attempts')
    .insert({
      exam_id: examId,
      student_id: studentId,
      attempt_number: attemptNumber,
      status,
      deadline_at: new Date(Date.now() + 3600_000),
      submitted_at: status === 'submitted' ? new Date() : null,
      submit_reason: status === 'submitted' ? 'student' : null,
    })
    .returning('id');
  return row as { id: string };
}

/**
 * A hall of `size` more students sitting an exam, added in one statement as at the start of an
 * exam (so the planner has no fresh statistics of them): for tests that a statement reads only the
 * attempts it names, however many sit the exam.
 */
export async function buildHall(deps: Deps, examId: string, size = 5000): Promise<void> {
  await deps.db.raw(
    `with hall as (
       insert into users (email, password_hash, first_name, last_name, role, grade, is_verified)
       select 'hall-' || g || '-' || gen_random_uuid() || '@school.test', 'x', 'Hall', g::text, 'student', 10, true from generate_series(1, ?::int) g
       returning id
     )
     insert into attempts (exam_id, student_id, attempt_number, status, deadline_at)
     select ?, id, 1, 'in_progress', now() + interval '1 hour' from hall`,
    [size, examId],
  );
}

/** One student sitting a one-question exam in a hall of 5,000 others (buildHall). */
export async function buildAttemptInHall(deps: Deps): Promise<{ attemptId: string; studentId: string; questionId: string }> {
  const teacher = await buildUser(deps, { role: 'teacher' });
  const student = await buildUser(deps, { role: 'student' });
  const exam = await buildExam(deps, teacher.id, { questions: 1 });
  const { id } = await buildAttempt(deps, exam.id, student.id, 1, 'in_progress');
  await buildHall(deps, exam.id);
  return { attemptId: id, studentId: student.id, questionId: exam.questionIds[0]! };
}
