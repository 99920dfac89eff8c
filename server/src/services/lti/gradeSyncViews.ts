import type { GradePost, LtiExamLink } from '@exam/shared';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import type { Viewer } from '../../policies';
import { getExamFor } from '../exams';
import type { ScorePayload } from './gradeSync';

/**
 * What an exam's teacher (its owner, or an admin) sees of its LMS courses: each link with its
 * roster's last sync and its grade posts counted, every grade post with where it stands, and the
 * retry of those given up on.
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

interface LinkViewRow {
  id: string;
  platform_name: string;
  context_title: string | null;
  roster_synced_at: Date | null;
  roster_error: string | null;
  pending: number;
  sent: number;
  failed: number;
}

/** The links of an exam (or one link), oldest first, each with its grade posts counted by status. */
export async function linkViews(db: Db, where: { examId: string } | { linkId: string }): Promise<LtiExamLink[]> {
  const rows = (await db('lti_links as l')
    .join('lti_platforms as pl', 'pl.id', 'l.platform_id')
    .leftJoin('lti_grade_posts as p', 'p.link_id', 'l.id')
    .where('examId' in where ? { 'l.exam_id': where.examId } : { 'l.id': where.linkId })
    .groupBy('l.id', 'pl.name')
    .orderBy('l.created_at')
    .select(
      'l.id',
      'pl.name as platform_name',
      'l.context_title',
      'l.roster_synced_at',
      'l.roster_error',
      db.raw(`(count(p.id) filter (where p.status = 'pending'))::int as pending`),
      db.raw(`(count(p.id) filter (where p.status = 'sent'))::int as sent`),
      db.raw(`(count(p.id) filter (where p.status = 'failed'))::int as failed`),
    )) as LinkViewRow[];
  return rows.map((r) => ({
    id: r.id,
    platformName: r.platform_name,
    contextTitle: r.context_title,
    rosterSyncedAt: iso(r.roster_synced_at),
    rosterError: r.roster_error,
    grades: { pending: r.pending, sent: r.sent, failed: r.failed },
  }));
}

/** GET /lti/exams/:examId/links. */
export async function examLinks(deps: Deps, viewer: Viewer, examId: string): Promise<LtiExamLink[]> {
  await getExamFor(deps.db, viewer, examId, 'update');
  return linkViews(deps.db, { examId });
}

interface PostViewRow {
  attempt_id: string;
  first_name: string;
  last_name: string;
  platform_name: string;
  status: GradePost['status'];
  payload: ScorePayload;
  tries: number;
  last_error: string | null;
  sent_at: Date | null;
  next_try_at: Date;
}

/** GET /lti/exams/:examId/grade-posts: the failed first, then those waiting, then those sent; by name within each. */
export async function examGradePosts(deps: Deps, viewer: Viewer, examId: string): Promise<GradePost[]> {
  await getExamFor(deps.db, viewer, examId, 'update');
  const rows = (await deps
    .db('lti_grade_posts as p')
    .join('lti_links as l', 'l.id', 'p.link_id')
    .join('lti_platforms as pl', 'pl.id', 'l.platform_id')
    .join('attempts as a', 'a.id', 'p.attempt_id')
    .join('users as u', 'u.id', 'a.student_id')
    .where('l.exam_id', examId)
    .orderByRaw(`case p.status when 'failed' then 0 when 'pending' then 1 else 2 end, u.first_name, u.last_name, p.id`)
    .select('p.attempt_id', 'u.first_name', 'u.last_name', 'pl.name as platform_name', 'p.status', 'p.payload', 'p.tries', 'p.last_error', 'p.sent_at', 'p.next_try_at')) as PostViewRow[];
  return rows.map((r) => ({
    attemptId: r.attempt_id,
    studentName: `${r.first_name} ${r.last_name}`.trim(),
    platformName: r.platform_name,
    status: r.status,
    gradingProgress: r.payload.gradingProgress,
    scoreGiven: r.payload.scoreGiven ?? null,
    scoreMaximum: r.payload.scoreMaximum,
    tries: r.tries,
    lastError: r.last_error,
    sentAt: iso(r.sent_at),
    // When a waiting one goes next; a sent or given-up one has no next try.
    nextTryAt: r.status === 'pending' ? iso(r.next_try_at) : null,
  }));
}

/** POST /lti/exams/:examId/grade-posts/retry: every failed post of the exam waits again, from no tries, due now. */
export async function retryFailedGradePosts(deps: Deps, viewer: Viewer, examId: string): Promise<number> {
  await getExamFor(deps.db, viewer, examId, 'update');
  return deps
    .db('lti_grade_posts')
    .where({ status: 'failed' })
    .whereIn('link_id', deps.db('lti_links').where({ exam_id: examId }).select('id'))
    .update({ status: 'pending', tries: 0, next_try_at: deps.db.fn.now(), updated_at: deps.db.fn.now() });
}
