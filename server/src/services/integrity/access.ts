import type { Knex } from 'knex';
import { EXAM_MSG, MSG, SECTIONS, SESSION_MSG, type ExamSettings } from '@exam/shared';
import type { Db } from '../../db';
import { Errors } from '../../errors';
import type { ExamResource, Viewer } from '../../policies';
import { reviewsAttempt, timelineReader, type TimelineReader } from '../../policies/integrity';
import { resultShown } from '../../policies/results';
import type { AttemptRow } from '../../presenters/attempt';
import { isUuid } from '../../uuid';

type Trx = Db | Knex.Transaction;
type Section = (typeof SECTIONS)[number];

/** The exam as the review reads it, with the viewer's place in its shared hall. */
export interface ReviewedExam {
  id: string;
  title: string;
  owner_id: string;
  is_published: boolean;
  grade: number;
  passing_marks: number;
  settings: ExamSettings;
  results_released_at: Date | null;
  /** The viewer's exam_staff row, when the owner added them to the hall. */
  staff: { proctors: boolean; reviews: boolean; sections: Section[]; student_ids: string[] } | null;
}

/** What the policies need of it: the review and proctor actions never read the eligible list. */
export const examResource = (exam: ReviewedExam): ExamResource => ({ ...exam, eligibleIds: [], viewerStaff: exam.staff });

const EXAM_COLUMNS = `e.id, e.title, e.owner_id, e.is_published, e.grade, e.passing_marks, e.settings, e.results_released_at,
  (select json_build_object('proctors', s.proctors, 'reviews', s.reviews, 'sections', s.sections, 'student_ids', s.student_ids)
     from exam_staff s where s.exam_id = e.id and s.user_id = :viewer) as staff`;

/** An exam and the viewer's place in its hall, or undefined when there is no such exam. */
export async function loadReviewedExam(db: Trx, viewer: Viewer, examId: string): Promise<ReviewedExam | undefined> {
  if (!isUuid(examId)) return undefined;
  const { rows } = (await db.raw(`select ${EXAM_COLUMNS} from exams e where e.id = :exam`, { viewer: viewer.user.id, exam: examId })) as { rows: ReviewedExam[] };
  return rows[0];
}

/** An exam whose review the viewer may read and act on: 404 when there is none, 403 when it is not theirs to review. */
export async function examUnderReview(db: Trx, viewer: Viewer, examId: string): Promise<ReviewedExam> {
  const exam = await loadReviewedExam(db, viewer, examId);
  if (!exam) throw Errors.notFound(EXAM_MSG.examNotFound);
  if (!reviewsAttempt(viewer, examResource(exam))) throw Errors.forbidden(MSG.forbidden);
  return exam;
}

export interface AttemptUnderReview {
  attempt: AttemptRow & { first_name: string; last_name: string; section: Section | null };
  exam: ReviewedExam;
  reader: TimelineReader;
}

/** An attempt, its exam and its student, with the viewer's place in the exam's hall; undefined when missing. */
async function loadAttempt(db: Trx, viewer: Viewer, attemptId: string, lock: boolean): Promise<Omit<AttemptUnderReview, 'reader'> | undefined> {
  if (!isUuid(attemptId)) return undefined;
  const { rows } = (await db.raw(
    `select a.*, u.first_name, u.last_name, u.section, row_to_json(x) as exam
       from attempts a
       join users u on u.id = a.student_id
       join lateral (select ${EXAM_COLUMNS} from exams e where e.id = a.exam_id) x on true
      where a.id = :attempt
      ${lock ? 'for no key update of a' : ''}`,
    { viewer: viewer.user.id, attempt: attemptId },
  )) as { rows: (AttemptUnderReview['attempt'] & { exam: ReviewedExam })[] };
  const row = rows[0];
  if (!row) return undefined;
  const { exam, ...attempt } = row;
  return { attempt, exam: { ...exam, results_released_at: exam.results_released_at && new Date(exam.results_released_at) } };
}

/**
 * An attempt the viewer may read the timeline of (policies/integrity.ts), and as whom. Anyone
 * else, and a missing attempt alike, is told it does not exist.
 */
export async function readableAttempt(db: Trx, viewer: Viewer, attemptId: string): Promise<AttemptUnderReview> {
  const found = await loadAttempt(db, viewer, attemptId, false);
  const reader = found && readerOf(viewer, found);
  if (!found || !reader) throw Errors.notFound(SESSION_MSG.attemptNotFound);
  return { ...found, reader };
}

/**
 * An attempt the viewer reviews, locked against another reviewer's decision when `trx` is a
 * transaction. Who may read it but not review it (a proctor who does not review) is refused;
 * anyone else is told it does not exist.
 */
export async function reviewedAttempt(trx: Trx, viewer: Viewer, attemptId: string, opts: { lock?: boolean } = {}): Promise<Omit<AttemptUnderReview, 'reader'>> {
  const found = await loadAttempt(trx, viewer, attemptId, opts.lock ?? false);
  if (!found || !readerOf(viewer, found)) throw Errors.notFound(SESSION_MSG.attemptNotFound);
  if (!reviewsAttempt(viewer, examResource(found.exam))) throw Errors.forbidden(MSG.forbidden);
  return found;
}

function readerOf(viewer: Viewer, { attempt, exam }: Omit<AttemptUnderReview, 'reader'>): TimelineReader | null {
  return timelineReader(viewer, { exam: examResource(exam), attempt, resultShown: resultShown(exam, attempt) });
}
