import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { BREAK_MSG, SAVE_GRACE_MS, SESSION_MSG, accommodatedMinutes, examTimeStatus, shownAccommodation, type Accommodation, type JoinData, type SubmitReason } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { attemptsChangedDashboards } from './dashboardEvents';
import { AppError, Errors } from '../errors';
import type { Viewer } from '../policies';
import { sitsExams } from '../policies/people';
import type { AttemptRow } from '../presenters/attempt';
import { presentBreak, type BreakColumns } from '../presenters/restBreak';
import { presentQuestionForStudent, type QuestionRow } from '../presenters/question';
import type { SubmitResult } from '../ports/submissions';
import { accommodationInExam } from './accommodations';
import { assertConsented } from './consents';
import { examQuestions, getExamFor } from './exams';

type Trx = Db | Knex.Transaction;

export const attemptClosed = () => new AppError(409, 'attempt-closed', SESSION_MSG.attemptClosed);

function shuffled<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export async function findAttempt(db: Trx, id: string): Promise<AttemptRow | undefined> {
  return (await db('attempts').where({ id }).first()) as AttemptRow | undefined;
}

/** The attempt, if it is the caller's own: a student never touches anyone else's. */
export async function ownAttempt(db: Trx, id: string, userId: string): Promise<AttemptRow> {
  const attempt = await findAttempt(db, id);
  if (!attempt) throw Errors.notFound(SESSION_MSG.attemptNotFound);
  if (attempt.student_id !== userId) throw Errors.forbidden(SESSION_MSG.notYourAttempt);
  return attempt;
}

export async function inProgressAttempt(db: Trx, examId: string, studentId: string): Promise<AttemptRow | undefined> {
  return (await db('attempts').where({ exam_id: examId, student_id: studentId, status: 'in_progress' }).first()) as AttemptRow | undefined;
}

/**
 * Starts the student's attempt, or resumes the one in progress. Only while the exam is ongoing,
 * published and meant for them, within its attempts. The deadline is fixed here by the
 * database clock, with the student's time multiplier (docs/accommodations.md):
 * min(start + duration × multiplier, exam end + duration × (multiplier − 1)). The window closes
 * later for them by their extra time, so starting on time never costs them any of it. A proctor's
 * extra time moves the deadline later still; a resumed attempt keeps the deadline it has.
 */
export async function startAttempt(deps: Deps, viewer: Viewer, examId: string): Promise<{ attempt: AttemptRow; resumed: boolean; accommodation?: Accommodation }> {
  if (!sitsExams(viewer.user.role)) throw Errors.forbidden(SESSION_MSG.onlyStudents);
  const exam = await getExamFor(deps.db, viewer, examId, 'read');
  const existing = await inProgressAttempt(deps.db, examId, viewer.user.id);
  if (existing) return { attempt: existing, resumed: true };
  if (examTimeStatus(exam.start_at, exam.end_at) !== 'ongoing') throw Errors.forbidden(SESSION_MSG.notOngoing);
  if (exam.total_questions < 1) throw Errors.conflict(SESSION_MSG.noQuestions);
  // A resumed attempt was consented to when it started: a teacher's later edit does not stop it.
  await assertConsented(deps, examId, viewer.user.id, exam.settings);
  const max = exam.settings.allowMultipleAttempts ? exam.settings.maxAttempts : 1;
  if ((exam.attempt_count ?? 0) >= max) {
    throw Errors.conflict(exam.settings.allowMultipleAttempts ? SESSION_MSG.maxAttempts : SESSION_MSG.alreadyAttempted);
  }
  const questions = await examQuestions(deps.db, examId);
  const order = exam.settings.randomizeQuestions ? shuffled(questions) : questions;
  const optionOrder: Record<string, number[]> = {};
  if (exam.settings.randomizeOptions) {
    for (const q of questions) if (q.type === 'multiple-choice' || q.type === 'multiple-response') optionOrder[q.id] = shuffled(q.options.map((_, i) => i));
  }
  const accommodation = await accommodationInExam(deps.db, examId, viewer.user.id);
  const multiplier = accommodation.timeMultiplier;
  const minutes = accommodatedMinutes(exam.duration_minutes, multiplier);
  const windowExtra = minutes - exam.duration_minutes;
  try {
    const [attempt] = (await deps.db('attempts')
      .insert({
        exam_id: examId,
        student_id: viewer.user.id,
        attempt_number: (exam.attempt_count ?? 0) + 1,
        started_at: deps.db.fn.now(),
        deadline_at: deps.db.raw('least(now() + make_interval(mins => ?), ?::timestamptz + make_interval(mins => ?))', [minutes, new Date(exam.end_at).toISOString(), windowExtra]),
        time_multiplier: multiplier,
        question_order: JSON.stringify(order.map((q) => q.id)),
        option_order: JSON.stringify(optionOrder),
      })
      .returning('*')) as AttemptRow[];
    await deps.db('attempt_events').insert({ attempt_id: attempt!.id, type: 'started', actor_id: viewer.user.id });
    await attemptsChangedDashboards(deps, [attempt!], 'started');
    // The accommodation read for the deadline answers the start too (joinData need not read it again).
    return { attempt: attempt!, resumed: false, accommodation };
  } catch (err) {
    // Two tabs pressing Start together: the unique indexes let one win; the other resumes it.
    if ((err as { code?: string }).code === '23505') {
      const winner = await inProgressAttempt(deps.db, examId, viewer.user.id);
      if (winner) return { attempt: winner, resumed: true };
      throw Errors.conflict(SESSION_MSG.alreadyAttempted);
    }
    throw err;
  }
}

/** The attempt's questions in its drawn order, with the option order drawn for it, and no key. */
export async function questionsForAttempt(db: Trx, attempt: AttemptRow) {
  const rows = (await db('questions').whereIn('id', attempt.question_order)) as QuestionRow[];
  const byId = new Map(rows.map((q) => [q.id, q]));
  return attempt.question_order
    .map((id) => byId.get(id))
    .filter((q): q is QuestionRow => !!q)
    .map((q) => presentQuestionForStudent(q, attempt.option_order[q.id]));
}

export interface SavedAnswer {
  question_id: string;
  answer: string | null;
  seq: number;
}

/**
 * What a (re)joining client needs: status, server time, deadline, every saved answer with its
 * seq, and what the student is given in this exam (display, breaks), without the staff's note, and
 * where they stand with their rest breaks (a rejoin during a break finds it under way).
 */
export function presentJoin(
  attempt: Pick<AttemptRow, 'id' | 'status' | 'deadline_at'> & BreakColumns,
  saved: SavedAnswer[],
  now: Date | string,
  accommodation: Accommodation | null,
): JoinData {
  return {
    attemptId: attempt.id,
    status: attempt.status,
    serverNow: new Date(now).toISOString(),
    deadlineAt: new Date(attempt.deadline_at).toISOString(),
    answers: Object.fromEntries(saved.map((a) => [a.question_id, a.answer])),
    seqs: Object.fromEntries(saved.map((a) => [a.question_id, a.seq])),
    accommodation: shownAccommodation(accommodation),
    break: presentBreak(attempt, accommodation),
  };
}

export async function joinData(db: Trx, attempt: AttemptRow, known?: Accommodation): Promise<JoinData> {
  const saved = (await db('answers').where({ attempt_id: attempt.id }).select('question_id', 'answer', 'seq')) as SavedAnswer[];
  const accommodation = known ?? (await accommodationInExam(db, attempt.exam_id, attempt.student_id));
  const { now } = (await db.raw('select now() as now')).rows?.[0] ?? { now: new Date() };
  return presentJoin(attempt, saved, now, accommodation);
}

/**
 * A student's or a proctor's submission, grouped with the others arriving at the same moment
 * (services/attemptSubmitter.ts): resolves once it has committed and been announced (or, with
 * `answerOnceTold`, once its room and the board have heard; results follow).
 */
export function submitAttempt(
  deps: Deps,
  attemptId: string,
  reason: SubmitReason,
  actorId: string | null,
  client: { timeSpent?: number; securityFlags?: unknown; answerOnceTold?: boolean } = {},
): Promise<SubmitResult> {
  const submitted = deps.submitter.submit({
    attemptId,
    reason,
    actorId,
    clientTimeSpent: client.timeSpent,
    clientSecurityFlags: client.securityFlags,
    answerOnceTold: client.answerOnceTold,
  });
  // The submitter leaves open only the attempt of a student on a rest break: they come back first.
  return reason === 'student' ? submitted.then((r) => (r.attempt.status === 'in_progress' ? Promise.reject(onBreakError()) : r)) : submitted;
}

export const onBreakError = () => new AppError(409, 'on-break', BREAK_MSG.onBreak);

/** Is the attempt still taking saves (in progress, and not past its deadline plus the grace)? */
export function isOpen(attempt: Pick<AttemptRow, 'status' | 'deadline_at'>, now: number): boolean {
  return attempt.status === 'in_progress' && now <= new Date(attempt.deadline_at).getTime() + SAVE_GRACE_MS;
}
