import type { Role, UserStats } from '@exam/shared';
import type { Deps } from '../deps';
import type { ProfileResource } from '../policies';
import { followsChildren, sitsExams, teachesSubject } from '../policies/people';
import { resultShownSql } from '../policies/results';
import type { UserRow } from '../db/userRow';
import { getSettings } from './settings';
import { scopeGrantingLinks, scopeLinksHeldBy } from '../policies/parentLinks';

const n = (v: unknown) => Number(v ?? 0);
// Scores out and not held by the integrity review (policies/results.ts).
const VISIBLE = resultShownSql('e', 'a');

/** Each role's own statistics; an admin's profile has none (docs/account.md). */
const STATS_OF: Record<Role, (deps: Deps, user: UserRow) => Promise<UserStats>> = {
  student: studentStats,
  teacher: teacherStats,
  parent: parentStats,
  admin: async () => ({ role: 'admin' }),
};

/**
 * Profile statistics per role, all counted from stored rows. Fields the product does not record
 * (reports viewed, meetings) are left out rather than invented.
 */
export async function userStats(deps: Deps, user: UserRow): Promise<UserStats> {
  return STATS_OF[user.role](deps, user);
}

async function studentStats(deps: Deps, user: UserRow): Promise<UserStats> {
  const db = deps.db;
  const [row] = (await db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .where('a.student_id', user.id)
    .select(
      db.raw('count(distinct a.exam_id) as total'),
      db.raw("count(distinct a.exam_id) filter (where a.status <> 'in_progress') as completed"),
      db.raw(`avg(a.percentage) filter (where a.status = 'graded' and ${VISIBLE}) as average`),
    )) as { total: string; completed: string; average: string | null }[];
  const average = row?.average === null || row?.average === undefined ? null : Math.round(Number(row.average));
  // Rank by average visible score among the students of the same grade who have one; ties share a rank.
  const ranking = (await db
    .with('averages', (q) =>
      q
        .from('attempts as a')
        .join('exams as e', 'e.id', 'a.exam_id')
        .join('users as u', 'u.id', 'a.student_id')
        .where('u.role', 'student')
        .where('u.grade', user.grade)
        .where('a.status', 'graded')
        .whereRaw(VISIBLE)
        .groupBy('a.student_id')
        .select('a.student_id', db.raw('avg(a.percentage) as avg')),
    )
    .from('averages')
    .select(db.raw('count(*) as out_of'), db.raw('count(*) filter (where avg > (select avg from averages where student_id = ?)) as better', [user.id]))) as {
    out_of: string;
    better: string;
  }[];
  return {
    role: 'student',
    totalExams: n(row?.total),
    completedExams: n(row?.completed),
    averageScore: average ?? 0,
    rank: average === null ? null : n(ranking[0]?.better) + 1,
    rankOutOf: n(ranking[0]?.out_of),
  };
}

async function teacherStats(deps: Deps, user: UserRow): Promise<UserStats> {
  const db = deps.db;
  const [exams] = (await db('exams')
    .where('owner_id', user.id)
    .select(
      db.raw('count(*) as created'),
      db.raw('count(*) filter (where is_published and is_active and start_at <= now() and end_at > now()) as active'),
    )) as { created: string; active: string }[];
  const [results] = (await db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .where('e.owner_id', user.id)
    .select(
      db.raw('count(distinct a.student_id) as students'),
      db.raw("count(*) filter (where a.status = 'graded') as graded"),
      db.raw("count(*) filter (where a.status = 'graded' and a.passed) as passed"),
    )) as { students: string; graded: string; passed: string }[];
  const graded = n(results?.graded);
  return {
    role: 'teacher',
    createdExams: n(exams?.created),
    activeExams: n(exams?.active),
    totalStudents: n(results?.students),
    successRate: graded ? Math.round((n(results?.passed) / graded) * 100) : 0,
  };
}

async function parentStats(deps: Deps, user: UserRow): Promise<UserStats> {
  const db = deps.db;
  const children = (await scopeGrantingLinks(scopeLinksHeldBy(user, db('parent_children'))).pluck('child_id')) as string[];
  const [row] = children.length
    ? ((await db('attempts as a')
        .join('exams as e', 'e.id', 'a.exam_id')
        .whereIn('a.student_id', children)
        .select(
          db.raw("count(*) filter (where a.status = 'graded' and " + VISIBLE + ') as exams'),
          db.raw(`avg(a.percentage) filter (where a.status = 'graded' and ${VISIBLE}) as average`),
        )) as { exams: string; average: string | null }[])
    : [{ exams: '0', average: null }];
  const [notes] = (await db('notifications').where('user_id', user.id).count({ c: '*' })) as { c: string }[];
  return {
    role: 'parent',
    totalChildren: children.length,
    totalExams: n(row?.exams),
    averageScore: row?.average === null || row?.average === undefined ? 0 : Math.round(Number(row.average)),
    notifications: n(notes?.c),
  };
}

/** What the policy needs to decide whether `viewer` may see `target`'s statistics. */
export async function profileResource(deps: Deps, viewer: UserRow, target: UserRow): Promise<ProfileResource> {
  const settings = await getSettings(deps.db, target.id);
  const linked =
    followsChildren(viewer.role) && !!(await scopeGrantingLinks(scopeLinksHeldBy(viewer, deps.db('parent_children'))).where({ child_id: target.id }).first('child_id'));
  const teaches =
    teachesSubject(viewer.role) &&
    sitsExams(target.role) &&
    !!(await deps.db('exams as e')
      .where('e.owner_id', viewer.id)
      .where((w) =>
        w
          .whereExists(deps.db('attempts as a').whereRaw('a.exam_id = e.id').where('a.student_id', target.id))
          .orWhereExists(deps.db('exam_eligible_students as s').whereRaw('s.exam_id = e.id').where('s.student_id', target.id))
          .orWhere((g) => g.where('e.grade', target.grade ?? -1).where('e.is_published', true)),
      )
      .first('e.id'));
  return { user_id: target.id, visibility: settings.privacy.profileVisibility, viewerIsLinkedParent: linked, viewerTeachesThem: teaches };
}
