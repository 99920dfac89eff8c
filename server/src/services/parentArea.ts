import {
  examTimeStatus,
  PARENT_MSG,
  performanceLabel,
  rangeStart,
  type Child,
  type ChildExam,
  type ChildProgress,
  type ChildRange,
  type ChildStats,
  type ChildSubmission,
  type LinkStatus,
  type Relationship,
} from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { resultHoldSql, resultsVisibleSql } from '../policies/results';
import type { UserRow } from '../db/userRow';
import { average, shownResults, type ShownResult } from './childAttempts';
import { contactShownTo } from './contactPrivacy';
import { scopeExams } from '../policies/exams';
import { gradeLetters } from './platformSettings';
import { grantsFollowing, scopeLinksHeldBy } from '../policies/parentLinks';

/**
 * What a parent sees of their children (docs/people.md, "What a parent sees"). Every figure
 * comes from graded attempts whose results the exam has let out (shown at once or released), the
 * same rule the results calls apply, and every grade letter from the school's grading scale
 * (gradeLetters).
 */

/** Results are newest first. */
export function statsOf(results: ShownResult[]): ChildStats {
  const pcts = results.map((r) => r.percentage);
  const avg = average(pcts);
  return {
    totalExams: results.length,
    averageScore: avg,
    bestScore: pcts.length ? Math.max(...pcts) : 0,
    recentScore: results[0]?.percentage ?? null,
    // A number where a client formats it; the words beside it.
    performance: results.length ? avg : null,
    performanceLabel: results.length ? performanceLabel(avg) : 'No exams yet',
    lastExamDate: results[0] ? new Date(results[0].submitted_at).toISOString() : null,
  };
}

function presentSubmission(r: ShownResult, letter: (pct: number) => string): ChildSubmission {
  return {
    _id: r.id,
    examId: r.exam_id,
    examTitle: r.title,
    subject: r.subject,
    percentage: r.percentage,
    score: r.score === null ? 0 : Number(r.score),
    totalMarks: r.max_score ?? 0,
    grade: letter(r.percentage),
    isPassed: r.passed,
    date: new Date(r.submitted_at).toISOString(),
  };
}

export interface LinkedChildRow {
  link_id: string;
  relationship: Relationship;
  status: LinkStatus;
  created_at: Date;
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  grade: number | null;
  section: string | null;
}

/** The parent's links (requests included) with each child's user row; callers filter and order. */
export const childLinks = (db: Db, parentId: string) =>
  scopeLinksHeldBy({ id: parentId }, db('parent_children as pc'), 'pc')
    .join('users as u', 'u.id', 'pc.child_id')
    .select('pc.id as link_id', 'pc.relationship', 'pc.status', 'pc.created_at', 'u.id', 'u.first_name', 'u.last_name', 'u.email', 'u.avatar', 'u.grade', 'u.section');

/** Every child the parent linked or asked to link, with the request's status; stats only once accepted. */
export async function listChildren(deps: Deps, parent: UserRow): Promise<{ children: Child[]; results: ShownResult[] }> {
  const rows = (await childLinks(deps.db, parent.id).orderBy([
    { column: 'pc.created_at', order: 'asc' },
    { column: 'u.first_name', order: 'asc' },
  ])) as LinkedChildRow[];
  const accepted = rows.filter(grantsFollowing).map((r) => r.id);
  const results = await shownResults(deps.db, accepted);
  const shown = await contactShownTo(deps.db, parent, accepted);
  const children = rows.map((r): Child => {
    const stats = grantsFollowing(r) ? statsOf(results.filter((x) => x.student_id === r.id)) : null;
    return {
      _id: r.id,
      linkId: r.link_id,
      firstName: r.first_name,
      lastName: r.last_name,
      name: `${r.first_name} ${r.last_name}`,
      // A request's e-mail is what the parent typed; the rest of a pending child stays private.
      // A linked child's address follows their privacy choice (showEmail), like anyone's.
      email: !grantsFollowing(r) || shown(r.id).email ? r.email : null,
      avatar: grantsFollowing(r) ? r.avatar : null,
      grade: grantsFollowing(r) ? r.grade : null,
      section: grantsFollowing(r) ? r.section : null,
      relationship: r.relationship,
      linkStatus: r.status,
      requestedAt: new Date(r.created_at).toISOString(),
      stats,
      performance: stats?.performance ?? null,
    };
  });
  // Accepted children first, so the dashboard's default (the first child) is one with data.
  children.sort((a, b) => Number(grantsFollowing({ status: b.linkStatus })) - Number(grantsFollowing({ status: a.linkStatus })));
  return { children, results };
}

/**
 * The child, when the parent's link to them is accepted. A pending or declined request is a 403
 * (the parent knows of the child, but may not see them); no link at all is a 404.
 */
export async function acceptedChild(deps: Deps, viewer: Viewer, childId: string): Promise<UserRow> {
  if (!viewer.children.some((c) => c.id === childId)) {
    const requested = await scopeLinksHeldBy(viewer.user, deps.db('parent_children')).where({ child_id: childId }).first('status');
    throw requested ? Errors.forbidden(PARENT_MSG.notAcceptedYet) : Errors.notFound(PARENT_MSG.childNotFound);
  }
  const child = (await deps.db('users').where({ id: childId, role: 'student' }).first()) as UserRow | undefined;
  if (!child) throw Errors.notFound(PARENT_MSG.childNotFound);
  return child;
}

export async function childProgress(deps: Deps, viewer: Viewer, childId: string, range: ChildRange): Promise<ChildProgress> {
  const child = await acceptedChild(deps, viewer, childId);
  const results = await shownResults(deps.db, [child.id], range);
  const letter = await gradeLetters(deps);
  const stats = statsOf(results);
  const bySubject = new Map<string, number[]>();
  for (const r of results) bySubject.set(r.subject, [...(bySubject.get(r.subject) ?? []), r.percentage]);
  const subjects = [...bySubject].map(([subject, scores]) => ({ subject, totalExams: scores.length, averageScore: average(scores), bestScore: Math.max(...scores) }));
  const shown = (await contactShownTo(deps.db, viewer.user, [child.id]))(child.id);
  return {
    child: { _id: child.id, name: `${child.first_name} ${child.last_name}`, email: shown.email ? child.email : null, grade: child.grade },
    range,
    stats: {
      totalExams: stats.totalExams,
      averageScore: stats.averageScore,
      bestScore: stats.bestScore,
      passRate: results.length ? Math.round((results.filter((r) => r.passed).length / results.length) * 100) : 0,
    },
    submissions: results.map((r) => presentSubmission(r, letter)),
    subjects,
    insights: {
      strengths: subjects.filter((s) => s.averageScore >= 80).map((s) => s.subject),
      improvements: subjects.filter((s) => s.averageScore < 60).map((s) => s.subject),
    },
  };
}

export async function childResults(deps: Deps, viewer: Viewer, childId: string, range: ChildRange): Promise<{ results: ChildSubmission[] }> {
  const child = await acceptedChild(deps, viewer, childId);
  const letter = await gradeLetters(deps);
  return { results: (await shownResults(deps.db, [child.id], range)).map((r) => presentSubmission(r, letter)) };
}

/** The exams meant for the child (as the child's own catalogue), each with the child's latest attempt. */
export async function childExams(deps: Deps, viewer: Viewer, childId: string, range: ChildRange): Promise<{ exams: ChildExam[] }> {
  const child = await acceptedChild(deps, viewer, childId);
  const q = deps
    .db('exams as e')
    .select(
      'e.id',
      'e.title',
      'e.subject',
      'e.start_at',
      'e.end_at',
      'e.duration_minutes',
      deps.db.raw(
        `(select row_to_json(x) from (select a.status, a.percentage, a.submitted_at, ${resultsVisibleSql('e', 'a')} as visible, ${resultHoldSql('e', 'a')} as hold from attempts a
           where a.exam_id = e.id and a.student_id = ? order by a.attempt_number desc limit 1) x) as attempt`,
        [child.id],
      ),
    )
    .orderBy('e.start_at', 'desc');
  scopeExams(q, { user: child, children: [] });
  const since = rangeStart(range);
  if (since) q.where('e.start_at', '>=', since);
  const rows = (await q) as {
    id: string;
    title: string;
    subject: string;
    start_at: Date;
    end_at: Date;
    duration_minutes: number;
    attempt: { status: 'in_progress' | 'submitted' | 'graded'; percentage: number | null; submitted_at: string | null; visible: boolean; hold: string | null } | null;
  }[];
  return {
    exams: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      subject: r.subject,
      startDate: new Date(r.start_at).toISOString(),
      endDate: new Date(r.end_at).toISOString(),
      duration: r.duration_minutes,
      status: examTimeStatus(r.start_at, r.end_at),
      attempt: r.attempt
        ? {
            status: r.attempt.status,
            // A score the exam has not let out yet (to this attempt: a marked-only release may have left it out), or its integrity review holds back, stays hidden from the parent too.
            percentage: r.attempt.status === 'graded' && r.attempt.visible && !r.attempt.hold ? r.attempt.percentage : null,
            submittedAt: r.attempt.submitted_at ? new Date(r.attempt.submitted_at).toISOString() : null,
          }
        : null,
    })),
  };
}
