import { rangeStart, type ChildRange } from '@exam/shared';
import type { Db } from '../db';
import { resultShownSql } from '../policies/results';

/**
 * Children's finished attempts as their parents' views read them: every call of the parent area
 * and both parent dashboards start from this one query.
 */

export interface FinishedAttempt {
  id: string;
  student_id: string;
  exam_id: string;
  title: string;
  subject: string;
  status: 'submitted' | 'graded';
  score: number | string | null;
  max_score: number | null;
  percentage: number | null;
  passed: boolean | null;
  submitted_at: Date;
  /** May the student and their parents see the score yet (shown at once, or released, and not held by the integrity review)? */
  visible: boolean;
}

/** A finished attempt whose score the parent may see: graded, and let out by its exam. */
export type ShownResult = FinishedAttempt & { status: 'graded'; percentage: number; passed: boolean };

export const isShownResult = (a: FinishedAttempt): a is ShownResult => a.status === 'graded' && a.visible;

/** The children's finished attempts, newest first; with a range, those submitted within it. */
export async function finishedAttempts(db: Db, childIds: string[], range: ChildRange = 'all'): Promise<FinishedAttempt[]> {
  if (!childIds.length) return [];
  const q = db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .whereIn('a.student_id', childIds)
    .whereNot('a.status', 'in_progress')
    .orderBy([
      { column: 'a.submitted_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .select(
      'a.id',
      'a.student_id',
      'a.exam_id',
      'e.title',
      'e.subject',
      'a.status',
      'a.score',
      'a.max_score',
      'a.percentage',
      'a.passed',
      'a.submitted_at',
      db.raw(`${resultShownSql('e', 'a')} as visible`),
    );
  const since = rangeStart(range);
  if (since) q.where('a.submitted_at', '>=', since);
  return (await q) as FinishedAttempt[];
}

/** The results a parent may see of these children, newest first. */
export async function shownResults(db: Db, childIds: string[], range: ChildRange = 'all'): Promise<ShownResult[]> {
  return (await finishedAttempts(db, childIds, range)).filter(isShownResult);
}

export const average = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);
