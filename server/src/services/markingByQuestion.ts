import { MARKING_MSG, type MarkingAnswer, type MarkingAnswerStatus, type MarkingOverview, type MarkingQuestionSummary, type QuestionMarking, type QuestionType, type RubricAssessment } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import type { ExamRow } from '../presenters/exam';
import type { QuestionRow } from '../presenters/question';
import { getExamFor } from './exams';

/**
 * Marking a whole class by question (issue 55): which of an exam's questions a teacher marks by
 * hand and how many answers each has left, and one question's answers from every submitted
 * attempt. A class may be hundreds of students: each call reads its answers in one statement.
 */

/** Attempts whose answers are there to mark: handed in, whether or not marked since. */
const SUBMITTED = `a.status in ('submitted', 'graded')`;
/** The attempt was given the question (`qid`: an SQL expression of its id). */
const givenQuestion = (qid: string) => `a.question_order @> jsonb_build_array(${qid}::text)`;
const BLANK = `(an.answer is null or btrim(an.answer) = '')`;
/**
 * The same rule as statusOf below, over a left-joined answers row `an`: a blank answer counts as
 * marked only when a teacher gave it marks; an automatic mark of a written answer is a mark.
 */
const MARKED = `(an.marks is not null and (an.graded_by is not null or not ${BLANK}))`;
const PENDING = `(not ${BLANK} and an.marks is null)`;

function statusOf(answer: string | null, marks: number | null, byTeacher: boolean): MarkingAnswerStatus {
  const blank = answer === null || answer.trim() === '';
  if (marks !== null && (byTeacher || !blank)) return 'marked';
  return blank ? 'blank' : 'pending';
}

const examHeader = (exam: ExamRow) => ({ id: exam.id, title: exam.title, anonymousMarking: exam.settings.anonymousMarking ?? false });

interface SummaryRow {
  id: string;
  text: string;
  type: QuestionType;
  points: number;
  has_rubric: boolean;
  idx: number | string;
  answers: number | string;
  marked: number | string;
  left_count: number | string;
}

/** GET /exams/{id}/marking: the essays, and any other question with answers waiting for marks, in the exam's order. */
export async function markingOverview(db: Db, viewer: Viewer, examId: string): Promise<MarkingOverview> {
  const exam = await getExamFor(db, viewer, examId, 'mark');
  const { rows } = (await db.raw(
    `with qs as (
       select q.id, q.text, q.type, q.points, jsonb_typeof(q.rubric) = 'object' as has_rubric,
              row_number() over (order by eq.position) as idx
         from exam_questions eq join questions q on q.id = eq.question_id
        where eq.exam_id = ?
     )
     select qs.id, qs.text, qs.type, qs.points, coalesce(qs.has_rubric, false) as has_rubric, qs.idx,
            count(a.id) as answers,
            count(a.id) filter (where ${MARKED}) as marked,
            count(a.id) filter (where ${PENDING}) as left_count
       from qs
       left join attempts a on a.exam_id = ? and ${SUBMITTED} and ${givenQuestion('qs.id')}
       left join answers an on an.attempt_id = a.id and an.question_id = qs.id
      group by qs.id, qs.text, qs.type, qs.points, qs.has_rubric, qs.idx
      order by qs.idx`,
    [examId, examId],
  )) as { rows: SummaryRow[] };
  const questions = rows
    .map((r): MarkingQuestionSummary => ({
      questionId: r.id,
      index: Number(r.idx),
      text: r.text,
      type: r.type,
      points: r.points,
      hasRubric: r.has_rubric,
      answers: Number(r.answers),
      marked: Number(r.marked),
      left: Number(r.left_count),
    }))
    .filter((q) => q.type === 'essay' || q.left > 0);
  return { exam: examHeader(exam), questions };
}

interface AnswerRow {
  attempt_id: string;
  first_name?: string;
  last_name?: string;
  answer: string | null;
  marks: number | string | null;
  feedback: string | null;
  rubric_assessment: RubricAssessment | null;
  mark_version: number | null;
  graded_by: string | null;
  graded_at: Date | null;
  grader_first: string | null;
  grader_last: string | null;
}

/**
 * GET /exams/{id}/marking/questions/{questionId}: every submitted attempt's answer to one question.
 * With anonymous marking the names are never read, and the order is a shuffle that stays the same
 * from one visit to the next (by a hash of the attempt id), so the order gives no name away either.
 */
export async function questionMarking(db: Db, viewer: Viewer, examId: string, questionId: string): Promise<QuestionMarking> {
  const exam = await getExamFor(db, viewer, examId, 'mark');
  const anonymous = exam.settings.anonymousMarking ?? false;
  const question = (await db('exam_questions as eq')
    .join('questions as q', 'q.id', 'eq.question_id')
    .where({ 'eq.exam_id': examId, 'eq.question_id': questionId })
    .first(
      'q.*',
      db.raw('(select count(*) from exam_questions e2 where e2.exam_id = eq.exam_id and e2.position <= eq.position) as idx'),
    )) as (QuestionRow & { idx: number | string }) | undefined;
  if (!question) throw Errors.notFound(MARKING_MSG.questionNotMarked);
  const q = db('attempts as a')
    .leftJoin('answers as an', (j) => j.on('an.attempt_id', 'a.id').andOnVal('an.question_id', questionId))
    .leftJoin('users as g', 'g.id', 'an.graded_by')
    .where('a.exam_id', examId)
    .whereRaw(SUBMITTED)
    .whereRaw(givenQuestion('?'), [questionId])
    .select(
      'a.id as attempt_id',
      'an.answer',
      'an.marks',
      'an.feedback',
      'an.rubric_assessment',
      'an.mark_version',
      'an.graded_by',
      'an.graded_at',
      'g.first_name as grader_first',
      'g.last_name as grader_last',
    );
  if (anonymous) q.orderByRaw('md5(a.id::text)');
  else {
    q.join('users as u', 'u.id', 'a.student_id')
      .select('u.first_name', 'u.last_name')
      .orderByRaw('lower(u.last_name), lower(u.first_name), a.attempt_number, a.id');
  }
  const rows = (await q) as AnswerRow[];
  const answers = rows.map((r, i): MarkingAnswer => {
    const marks = r.marks === null ? null : Number(r.marks);
    return {
      attemptId: r.attempt_id,
      position: i + 1,
      studentName: anonymous ? null : `${r.first_name} ${r.last_name}`,
      answer: r.answer,
      marks,
      feedback: r.feedback,
      rubricAssessment: r.rubric_assessment ?? null,
      markVersion: r.mark_version ?? 0,
      status: statusOf(r.answer, marks, r.graded_by !== null),
      markedBy: r.graded_by && r.grader_first !== null ? `${r.grader_first} ${r.grader_last}` : null,
      markedAt: r.graded_at ? new Date(r.graded_at).toISOString() : null,
    };
  });
  return {
    exam: examHeader(exam),
    question: {
      questionId: question.id,
      index: Number(question.idx),
      text: question.text,
      type: question.type,
      points: question.points,
      rubric: question.rubric ?? null,
      sampleAnswer: question.sample_answer || null,
    },
    answers,
    left: answers.filter((a) => a.status === 'pending').length,
  };
}
