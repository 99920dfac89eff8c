import type { Knex } from 'knex';
import { autoGrade, classifyAnswer, hasPassed, percentageOf } from '@exam/shared';
import type { Db } from '../db';
import type { AttemptRow } from '../presenters/attempt';
import type { SubmitBy } from '../ports/submissions';
import { gradableOf, type QuestionRow } from '../presenters/question';

/**
 * Marking attempts: the automatic marks of their answers against the keys, and their totals
 * (score, percentage, pass, counts by outcome), written as they are submitted and again after a
 * teacher's marks.
 */

type Trx = Db | Knex.Transaction;

interface AnswerMarks {
  /** The text, for the types graded automatically only (an essay's text is not needed here). */
  answer: string | null;
  blank: boolean;
  marks: number | string | null;
  graded_by: string | null;
}

/** One saved answer as grading reads it: question, text where a key decides, blankness, marks, marker. */
const ANSWER_FOR_GRADING = `json_build_array(an.question_id, case when q.type = 'essay' then null else an.answer end,
                                  an.answer is null or btrim(an.answer) = '', an.marks, an.graded_by)`;
type AnswerEntry = [string, string | null, boolean, number | null, string | null];

const answerMap = (entries: AnswerEntry[]) => new Map(entries.map(([questionId, answer, blank, marks, graded_by]) => [questionId, { answer, blank, marks, graded_by }]));

/**
 * Saved answers with what grading needs, per attempt and question: blankness for all, text only
 * where a key decides. One row per attempt, its answers as one JSON array: a sweep reads tens of
 * thousands of answers, and parsed row by row they cost the node more than everything else in the
 * sweep.
 */
async function answersForGrading(trx: Trx, attemptIds: string[]): Promise<Map<string, Map<string, AnswerMarks>>> {
  const { rows } = (await trx.raw(
    `select an.attempt_id, json_agg(${ANSWER_FOR_GRADING}) as answers
       from answers an join questions q on q.id = an.question_id
      -- One array parameter: a sweep's thousands of ids as a list would cost more to parse and plan than to read.
      where an.attempt_id = any(?::uuid[])
      group by an.attempt_id`,
    [attemptIds] as unknown as readonly string[],
  )) as { rows: { attempt_id: string; answers: AnswerEntry[] }[] };
  return new Map(rows.map((r) => [r.attempt_id, answerMap(r.answers)]));
}

/** What grading needs of a question: its kind, points and keys. */
type GradingQuestion = Pick<QuestionRow, 'id' | 'type' | 'points' | 'correct_answer' | 'accepted_answers' | 'options' | 'scoring'>;

/**
 * Everything grading attempts reads, in ONE round trip: their questions' keys, their exams' pass
 * marks, and each attempt's answers (a row per attempt, as answersForGrading). A submission holds
 * its attempts locked while it grades them, and on a busy node each round trip to the database
 * costs the node far more than the query: three reads were three waits for every student
 * submitting, and three chances for the save batches behind the lock to queue up.
 */
async function gradingInputs(trx: Trx, attempts: AttemptToSubmit[]) {
  const questionIds = [...new Set(attempts.flatMap((a) => a.question_order))];
  const { rows } = (await trx.raw(
    `select 'questions' as part, null::uuid as attempt_id,
            coalesce(json_agg(json_build_array(q.id, q.type, q.points, q.correct_answer, q.accepted_answers, q.options, q.scoring)), '[]') as data
       from questions q where q.id = any(?::uuid[])
     union all
     select 'exams', null, coalesce(json_agg(json_build_array(e.id, e.passing_marks)), '[]')
       from exams e where e.id = any(?::uuid[])
     union all
     select 'answers', an.attempt_id, json_agg(${ANSWER_FOR_GRADING})
       from answers an join questions q on q.id = an.question_id
      where an.attempt_id = any(?::uuid[])
      group by an.attempt_id`,
    [questionIds, [...new Set(attempts.map((a) => a.exam_id))], attempts.map((a) => a.id)] as unknown as readonly string[],
  )) as {
    rows: (
      | { part: 'questions'; data: [string, QuestionRow['type'], number, string, string[], QuestionRow['options'], QuestionRow['scoring']][] }
      | { part: 'exams'; data: [string, number][] }
      | { part: 'answers'; attempt_id: string; data: AnswerEntry[] }
    )[];
  };
  const questions = new Map<string, GradingQuestion>();
  const passingMarks = new Map<string, number>();
  const answers = new Map<string, Map<string, AnswerMarks>>();
  for (const r of rows) {
    if (r.part === 'questions') {
      for (const [id, type, points, correct_answer, accepted_answers, options, scoring] of r.data) questions.set(id, { id, type, points, correct_answer, accepted_answers, options, scoring });
    }
    else if (r.part === 'exams') for (const [id, marks] of r.data) passingMarks.set(id, marks);
    else answers.set(r.attempt_id, answerMap(r.data));
  }
  return { questions, passingMarks, answers };
}

/** Stored marks as a number (PostgreSQL's numeric arrives as a string), or null when none. */
export const marksOf = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/**
 * Totals of an attempt from its questions and marked answers, each answer classified by the
 * shared classifyAnswer: an answered essay without marks is pending (not wrong), one given some of
 * its points partially correct; a question without an answer is skipped.
 */
function totals(attempt: Pick<AttemptRow, 'question_order'>, questions: Map<string, Pick<QuestionRow, 'points'>>, answers: Map<string, AnswerMarks>, passingMarks: number) {
  let score = 0;
  let max = 0;
  const count = { correct: 0, partial: 0, incorrect: 0, skipped: 0, pending: 0 };
  for (const qid of attempt.question_order) {
    const q = questions.get(qid);
    if (!q) continue;
    max += q.points;
    const a = answers.get(qid);
    const marks = marksOf(a?.marks);
    score += marks ?? 0;
    count[classifyAnswer({ answered: !!a && !a.blank, marks, points: q.points, markedByTeacher: !!a?.graded_by })]++;
  }
  const percentage = percentageOf(score, max);
  return {
    score,
    max_score: max,
    percentage,
    passed: hasPassed(percentage, passingMarks),
    correct_count: count.correct,
    partial_count: count.partial,
    incorrect_count: count.incorrect,
    skipped_count: count.skipped,
    pending_count: count.pending,
  };
}

/** What submitting needs of an attempt the caller holds locked. */
export type AttemptToSubmit = Pick<AttemptRow, 'id' | 'exam_id' | 'question_order'>;

/** What announcing a submission needs of an attempt: whose it is, how it ended, its score. */
const SUBMITTED_COLUMNS = ['id', 'exam_id', 'student_id', 'status', 'percentage', 'submit_reason'] as const;
export type SubmittedAttempt = Pick<AttemptRow, (typeof SUBMITTED_COLUMNS)[number]>;

/**
 * Submits attempts the caller holds locked (FOR UPDATE, still in progress) and grades them in the
 * same transaction: choices and blanks against their keys, essays left pending. An attempt with
 * nothing pending is graded at once. Closing, grading and the `submitted` event are ONE statement
 * that updates each attempt row once, which keeps a sweep that ends thousands of attempts at one
 * deadline short. Returns the attempts as they now stand, whole, or with `summary` only what
 * announcing them needs: a sweep of thousands has no use for the rest, and reading it back cost
 * a quarter of the sweep.
 */
export async function submitAndGradeTx(trx: Knex.Transaction, attempts: AttemptToSubmit[], by: SubmitBy | ((attemptId: string) => SubmitBy)): Promise<AttemptRow[]>;
export async function submitAndGradeTx(trx: Knex.Transaction, attempts: AttemptToSubmit[], by: SubmitBy | ((attemptId: string) => SubmitBy), returning: 'summary'): Promise<SubmittedAttempt[]>;
export async function submitAndGradeTx(
  trx: Knex.Transaction,
  attempts: AttemptToSubmit[],
  by: SubmitBy | ((attemptId: string) => SubmitBy),
  returning: 'row' | 'summary' = 'row',
): Promise<SubmittedAttempt[]> {
  if (!attempts.length) return [];
  const submit = typeof by === 'function' ? by : () => by;
  const { questions, passingMarks, answers: byAttempt } = await gradingInputs(trx, attempts);
  const marks: AnswerMark[] = [];
  const attemptUpdates: (ReturnType<typeof totals> & { id: string })[] = [];
  for (const attempt of attempts) {
    const answers = byAttempt.get(attempt.id) ?? new Map<string, AnswerMarks>();
    for (const [qid, a] of answers) {
      const q = questions.get(qid);
      if (!q || a.graded_by) continue; // a teacher's mark stands
      // An answered essay stays pending; a blank one earns nothing.
      const g =
        q.type === 'essay' && !a.blank
          ? { marks: null, isCorrect: null }
          : autoGrade(gradableOf(q), a.blank ? null : a.answer);
      if (g.marks === null) continue;
      a.marks = g.marks;
      marks.push({ attempt_id: attempt.id, question_id: qid, marks: g.marks, is_correct: g.isCorrect! });
    }
    attemptUpdates.push({ id: attempt.id, ...totals(attempt, questions, answers, passingMarks.get(attempt.exam_id) ?? 60) });
  }
  return writeTotals(trx, attemptUpdates, { submit, returning, marks });
}

/** An automatic mark for one saved answer. */
interface AnswerMark {
  attempt_id: string;
  question_id: string;
  marks: number;
  is_correct: boolean;
}

/**
 * Writes attempts' totals, graded when nothing is pending. With `submit`, the attempts are being
 * submitted now (they must still be in progress): the same update closes each one with its own
 * reason and client report, each gets its `submitted` event by its own actor, and `marks` (the
 * automatic marks of their answers) are written by the same statement. Without, they were
 * submitted before, and their marks were written by whoever changed them.
 */
async function writeTotals(
  trx: Trx,
  rows: (ReturnType<typeof totals> & { id: string })[],
  { submit, returning = 'row', marks = [] }: { submit?: (attemptId: string) => SubmitBy; returning?: 'row' | 'summary'; marks?: AnswerMark[] } = {},
): Promise<AttemptRow[]> {
  if (!rows.length) return [];
  const returned = returning === 'row' ? 'a.*' : SUBMITTED_COLUMNS.map((c) => `a.${c}`).join(', ');
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  const totalsColumns = `?::uuid[], ?::numeric[], ?::int[], ?::int[], ?::boolean[], ?::int[], ?::int[], ?::int[], ?::int[], ?::int[]`;
  const totalsNames = 'id, score, max_score, percentage, passed, correct_count, partial_count, incorrect_count, skipped_count, pending_count';
  const totalsBindings = [
    col('id'),
    col('score'),
    col('max_score'),
    col('percentage'),
    col('passed'),
    col('correct_count'),
    col('partial_count'),
    col('incorrect_count'),
    col('skipped_count'),
    col('pending_count'),
  ];
  const setTotals = `score = v.score, max_score = v.max_score, percentage = v.percentage, passed = v.passed,
        correct_count = v.correct_count, partial_count = v.partial_count, incorrect_count = v.incorrect_count, skipped_count = v.skipped_count,
        pending_count = v.pending_count,
        status = case when v.pending_count = 0 then 'graded' else 'submitted' end,
        graded_at = case when v.pending_count = 0 then coalesce(a.graded_at, now()) else null end,
        updated_at = now()`;
  if (!submit) {
    if (marks.length) throw new Error('Automatic marks are written only with a submission');
    const result = await trx.raw(
      `update attempts as a set ${setTotals}
         from unnest(${totalsColumns}) as v(${totalsNames})
        where a.id = v.id and a.status <> 'in_progress'
        returning a.*`,
      totalsBindings as unknown as readonly string[],
    );
    return result.rows as AttemptRow[];
  }
  const by = rows.map((r) => submit(r.id));
  // The automatic marks are written by the same statement: one round trip fewer with the attempts locked.
  const result = await trx.raw(
    `with marked as (
       update answers as an set marks = m.marks, is_correct = m.is_correct
         from unnest(?::uuid[], ?::uuid[], ?::numeric[], ?::boolean[]) as m(attempt_id, question_id, marks, is_correct)
        where an.attempt_id = m.attempt_id and an.question_id = m.question_id
     ), v as (
       select * from unnest(${totalsColumns}, ?::text[], ?::uuid[], ?::int[], ?::jsonb[])
         as v(${totalsNames}, reason, actor_id, client_time_spent, client_security_flags)
     ), updated as (
       update attempts as a set ${setTotals},
              submitted_at = now(), submit_reason = v.reason,
              client_time_spent = coalesce(v.client_time_spent, a.client_time_spent),
              client_security_flags = coalesce(v.client_security_flags, a.client_security_flags)
         from v
        where a.id = v.id and a.status = 'in_progress'
        returning ${returned}
     ), logged as (
       insert into attempt_events (attempt_id, type, actor_id, detail)
       select u.id, 'submitted', v.actor_id, jsonb_build_object('reason', v.reason) from updated u join v on v.id = u.id
     )
     select * from updated`,
    [
      marks.map((m) => m.attempt_id),
      marks.map((m) => m.question_id),
      marks.map((m) => m.marks),
      marks.map((m) => m.is_correct),
      ...totalsBindings,
      by.map((b) => b.reason),
      by.map((b) => b.actorId),
      by.map((b) => (b.clientTimeSpent === undefined ? null : Math.round(b.clientTimeSpent))),
      by.map((b) => (b.clientSecurityFlags === undefined ? null : JSON.stringify(b.clientSecurityFlags))),
    ] as unknown as readonly string[],
  );
  return result.rows as AttemptRow[];
}

/**
 * Writes a submitted attempt's totals again from its marked answers (after a teacher's marks):
 * graded once nothing is left pending. The caller holds the attempt locked.
 */
export async function rewriteTotals(trx: Knex.Transaction, attempt: AttemptRow, questions: Map<string, Pick<QuestionRow, 'points'>>, passingMarks: number): Promise<AttemptRow> {
  const answers = (await answersForGrading(trx, [attempt.id])).get(attempt.id) ?? new Map<string, AnswerMarks>();
  const [row] = await writeTotals(trx, [{ id: attempt.id, ...totals(attempt, questions, answers, passingMarks) }]);
  return row!;
}
