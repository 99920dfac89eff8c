import {
  DASHBOARD_MSG,
  fillMessage,
  DASHBOARD_LIST_LIMIT,
  DASHBOARD_NOTIFICATION_LIMIT,
  TREND_DAYS,
  type ActivityItem,
  type AdminDashboard,
  type RecentResult,
  type StudentDashboard,
  type TeacherDashboard,
} from '@exam/shared';
import type { Knex } from 'knex';
import type { Deps } from '../deps';
import type { Viewer } from '../policies';
import { resultShownSql } from '../policies/results';
import type { UserRow } from '../db/userRow';
import { presentUser } from '../presenters/user';
import { scopeExams } from '../policies/exams';
import { presentNotification, type NotificationRow } from '../presenters/notification';
import { timePrefsOf } from './notifications';
import { systemHealth } from './systemHealth';
import { gradeLetters } from './platformSettings';

/**
 * The role dashboards (docs/dashboards.md), each a handful of indexed queries; the parent's is
 * services/parentDashboard.ts. Nothing is estimated or made up: every figure is a count or
 * average over the rows themselves.
 */

const LIMIT = DASHBOARD_LIST_LIMIT;
const iso = (d: Date | string) => new Date(d).toISOString();
const int = (v: unknown) => Number(v ?? 0);

/**
 * A student sees a score once the exam shows results at once or they were released, and the
 * integrity review holds nothing back (policies/results.ts).
 */
const VISIBLE_RESULT_SQL = resultShownSql('e', 'a');
/** Attempts an exam allows one student. */
const MAX_ATTEMPTS_SQL = "(case when coalesce((e.settings->>'allowMultipleAttempts')::boolean, false) then (e.settings->>'maxAttempts')::int else 1 end)";

interface ExamListRow {
  id: string;
  title: string;
  subject: string;
  start_at: Date;
  end_at: Date;
  duration_minutes: number;
}

/** The columns of `e` (exams) that `examItem` reads. */
const EXAM_ITEM_COLUMNS = ['e.id', 'e.title', 'e.subject', 'e.start_at', 'e.end_at', 'e.duration_minutes'];

const examItem = (r: ExamListRow) => ({
  _id: r.id,
  title: r.title,
  subject: r.subject,
  schedule: { startDate: iso(r.start_at), endDate: iso(r.end_at) },
  duration: r.duration_minutes,
});

/** The reader's unread notifications, in their language (the request's: their own setting). */
export async function unreadNotifications(deps: Deps, userId: string, language: string) {
  const rows = (await deps
    .db('notifications')
    .where({ user_id: userId })
    .whereNull('read_at')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(DASHBOARD_NOTIFICATION_LIMIT)) as NotificationRow[];
  const prefs = await timePrefsOf(deps.db, userId, rows);
  return rows.map((row) => presentNotification(row, language, prefs));
}

export async function teacherDashboard(deps: Deps, teacher: UserRow): Promise<TeacherDashboard> {
  const { db } = deps;
  const [stats] = (
    await db.raw(
      `select
        (select count(*) from exams where owner_id = :id and archived_at is null) as total_exams,
        (select count(*) from exams where owner_id = :id and archived_at is null and is_published and is_active and start_at <= now() and end_at > now()) as active_exams,
        (select count(*) from users where role = 'student' and is_active) as total_students,
        (select count(*) from attempts a join exams e on e.id = a.exam_id where e.owner_id = :id and a.status = 'submitted') as pending_grading`,
      { id: teacher.id },
    )
  ).rows as Record<string, unknown>[];

  const upcoming = (await db('exams as e')
    .where('e.owner_id', teacher.id)
    .whereNull('e.archived_at')
    .where('e.end_at', '>', db.raw('now()'))
    .orderBy('e.start_at', 'asc')
    .limit(LIMIT)
    .select(...EXAM_ITEM_COLUMNS, 'e.is_published', db.raw("(select count(*)::int from attempts a where a.exam_id = e.id and a.status = 'in_progress') as sitting_now"))) as (ExamListRow & { is_published: boolean; sitting_now: number })[];

  const pending = (await db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .join('users as s', 's.id', 'a.student_id')
    .where('e.owner_id', teacher.id)
    .where('a.status', 'submitted')
    .orderBy('a.submitted_at', 'asc')
    .limit(LIMIT)
    .select('a.id', 'a.submitted_at', 'e.id as exam_id', 'e.title', 's.id as student_id', 's.first_name', 's.last_name')) as {
    id: string;
    submitted_at: Date;
    exam_id: string;
    title: string;
    student_id: string;
    first_name: string;
    last_name: string;
  }[];

  const recent = (await db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .join('users as s', 's.id', 'a.student_id')
    .where('e.owner_id', teacher.id)
    .whereNot('a.status', 'in_progress')
    .orderBy('a.submitted_at', 'desc')
    .limit(LIMIT)
    .select('a.id', 'a.status', 'a.submitted_at', 'a.percentage', 'e.title', 's.first_name', 's.last_name')) as {
    id: string;
    status: 'submitted' | 'graded';
    submitted_at: Date;
    percentage: number | null;
    title: string;
    first_name: string;
    last_name: string;
  }[];

  const letter = await gradeLetters(deps);
  return {
    stats: {
      totalExams: int(stats?.total_exams),
      activeExams: int(stats?.active_exams),
      totalStudents: int(stats?.total_students),
      pendingGrading: int(stats?.pending_grading),
    },
    upcomingExams: upcoming.map((r) => ({ ...examItem(r), isPublished: r.is_published, sittingNow: int(r.sitting_now) })),
    pendingGrading: pending.map((r) => ({
      _id: r.id,
      exam: { _id: r.exam_id, title: r.title },
      student: { _id: r.student_id, name: `${r.first_name} ${r.last_name}`, firstName: r.first_name, lastName: r.last_name },
      submittedAt: iso(r.submitted_at),
    })),
    recentActivity: recent.map(
      (r): ActivityItem =>
        r.status === 'graded'
          ? { icon: 'graded', message: fillMessage(DASHBOARD_MSG.activityScored, { name: `${r.first_name} ${r.last_name}`, percentage: r.percentage ?? 0, grade: letter(r.percentage ?? 0), title: r.title }), timestamp: iso(r.submitted_at), link: `/exam-result/${r.id}` }
          : { icon: 'submission', message: fillMessage(DASHBOARD_MSG.activitySubmitted, { name: `${r.first_name} ${r.last_name}`, title: r.title }), timestamp: iso(r.submitted_at), link: `/grade-submission/${r.id}` },
    ),
  };
}

interface ResultRow {
  id: string;
  status: 'submitted' | 'graded';
  percentage: number | null;
  score: number | string | null;
  max_score: number | null;
  passed: boolean | null;
  submitted_at: Date;
  visible: boolean;
  exam_id: string;
  title: string;
  subject: string;
}

/** A student's (or their parent's) finished attempts, newest first; the score only once they may see it. */
function resultsQuery(db: Knex, studentIds: string[]) {
  return db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .whereIn('a.student_id', studentIds)
    .whereNot('a.status', 'in_progress')
    .select('a.id', 'a.student_id', 'a.status', 'a.percentage', 'a.score', 'a.max_score', 'a.passed', 'a.submitted_at', 'e.id as exam_id', 'e.title', 'e.subject', db.raw(`${VISIBLE_RESULT_SQL} as visible`));
}

export const resultItem = (r: ResultRow): RecentResult => {
  // Only a final result the exam lets out has a score and an outcome; until then all are null
  // (an essay waiting for its marks is neither passed nor failed).
  const final = r.status === 'graded' && r.visible;
  return {
    _id: r.id,
    exam: { _id: r.exam_id, title: r.title, subject: r.subject, totalMarks: r.max_score },
    percentage: final ? r.percentage : null,
    marksObtained: final && r.score !== null ? Number(r.score) : null,
    isPassed: final ? r.passed : null,
    status: r.status,
    submittedAt: iso(r.submitted_at),
  };
};

/** Totals over finished attempts: how many, the average visible score, and how many still wait for a result. */
async function resultTotals(db: Knex, studentIds: string[]) {
  const [row] = (await db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .whereIn('a.student_id', studentIds)
    .whereNot('a.status', 'in_progress')
    .select(
      db.raw('count(distinct a.exam_id)::int as completed'),
      db.raw(`round(avg(a.percentage) filter (where a.status = 'graded' and ${VISIBLE_RESULT_SQL}))::int as average`),
      db.raw(`count(*) filter (where not (a.status = 'graded' and ${VISIBLE_RESULT_SQL}))::int as pending`),
    )) as { completed: number; average: number | null; pending: number }[];
  return { completed: int(row?.completed), average: int(row?.average), pending: int(row?.pending) };
}

export async function studentDashboard(deps: Deps, viewer: Viewer, language: string): Promise<StudentDashboard> {
  const { db } = deps;
  const me = viewer.user.id;
  const [{ total }] = (await scopeExams(db('exams as e'), viewer).whereNull('e.archived_at').count({ total: '*' })) as [{ total: number | string }];
  const totals = await resultTotals(db, [me]);

  // Exams still to sit: not over, and with an attempt left.
  const upcoming = (await scopeExams(db('exams as e'), viewer)
    .whereNull('e.archived_at')
    .where('e.end_at', '>', db.raw('now()'))
    .where('e.is_active', true)
    .whereRaw(`(select count(*) from attempts a where a.exam_id = e.id and a.student_id = ?) < ${MAX_ATTEMPTS_SQL}`, [me])
    .orderBy('e.start_at', 'asc')
    .limit(LIMIT)
    .select(
      ...EXAM_ITEM_COLUMNS,
      db.raw(`(${MAX_ATTEMPTS_SQL} - (select count(*) from attempts a where a.exam_id = e.id and a.student_id = ?))::int as attempts_left`, [me]),
    )) as (ExamListRow & { attempts_left: number })[];

  const results = (await resultsQuery(db, [me]).orderBy('a.submitted_at', 'desc').limit(LIMIT)) as ResultRow[];

  return {
    stats: { totalExams: int(total), completedExams: totals.completed, averageScore: totals.average, pendingResults: totals.pending },
    upcomingExams: upcoming.map((r) => ({ ...examItem(r), attemptsLeft: int(r.attempts_left) })),
    recentResults: results.map(resultItem),
    notifications: await unreadNotifications(deps, me, language),
  };
}

async function trends(db: Knex): Promise<AdminDashboard['trends']> {
  const { rows } = (await db.raw(
    `with days as (
       select generate_series((now() at time zone 'UTC')::date - cast(:span as integer), (now() at time zone 'UTC')::date, interval '1 day')::date as day
     ),
     signups as (
       select (created_at at time zone 'UTC')::date as day, count(*)::int as n
       from users where created_at >= now() - make_interval(days => cast(:span as integer) + 1) group by 1
     ),
     subs as (
       select (submitted_at at time zone 'UTC')::date as day, count(*)::int as n,
              round(avg(percentage) filter (where status = 'graded'))::int as avg
       from attempts where submitted_at >= now() - make_interval(days => cast(:span as integer) + 1) group by 1
     )
     select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(s.n, 0) as sign_ups, coalesce(b.n, 0) as submissions, b.avg as average_score
     from days d left join signups s on s.day = d.day left join subs b on b.day = d.day
     order by d.day`,
    { span: TREND_DAYS - 1 },
  )) as { rows: { date: string; sign_ups: number; submissions: number; average_score: number | null }[] };
  return rows.map((r) => ({ date: r.date, signUps: int(r.sign_ups), submissions: int(r.submissions), averageScore: r.average_score === null ? null : int(r.average_score) }));
}

export async function adminDashboard(deps: Deps): Promise<AdminDashboard> {
  const { db } = deps;
  // Independent reads, run side by side: the counts over whole tables and the 30-day trends are
  // the slow ones, and the call takes as long as the slower, not their sum.
  const [byRole, examCounts, attemptCounts, users, exams, messages, trendLines, health] = await Promise.all([
    // Users in one pass by role (an index-only scan).
    // Deleted people are no longer users of the school: neither counted nor listed.
    db('users').whereNull('deleted_at').select('role').count({ n: '*' }).groupBy('role') as Promise<{ role: string; n: string | number }[]>,
    db('exams')
      .whereNull('archived_at')
      .first(
        db.raw('count(*) as total_exams'),
        db.raw('count(*) filter (where is_published and is_active and start_at <= now() and end_at > now()) as active_exams'),
      ) as Promise<Record<string, unknown> | undefined>,
    // Two index-only counts (a FILTER over the attempts would read every row of the table).
    db
      .raw(
        `select (select count(*) from attempts where status <> 'in_progress') as total_submissions,
                (select count(*) from attempts where status = 'submitted') as pending_grading`,
      )
      .then((r: { rows: Record<string, unknown>[] }) => r.rows[0]) as Promise<Record<string, unknown> | undefined>,
    db('users').whereNull('deleted_at').orderBy('created_at', 'desc').limit(LIMIT) as Promise<UserRow[]>,
    db('exams as e')
      .join('users as o', 'o.id', 'e.owner_id')
      .whereNull('e.archived_at')
      .orderBy('e.created_at', 'desc')
      .limit(LIMIT)
      .select(...EXAM_ITEM_COLUMNS, 'e.is_published', 'o.first_name', 'o.last_name') as Promise<
      (ExamListRow & { is_published: boolean; first_name: string; last_name: string })[]
    >,
    db('contact_messages').orderBy('created_at', 'desc').limit(LIMIT) as Promise<
      { id: string; name: string; email: string; subject: string; message: string; created_at: Date }[]
    >,
    trends(db),
    systemHealth(deps),
  ]);
  const usersOf = (role?: string) => byRole.reduce((sum, r) => sum + (role && r.role !== role ? 0 : int(r.n)), 0);
  return {
    stats: {
      totalUsers: usersOf(),
      totalStudents: usersOf('student'),
      totalTeachers: usersOf('teacher'),
      totalParents: usersOf('parent'),
      totalExams: int(examCounts?.total_exams),
      activeExams: int(examCounts?.active_exams),
      totalSubmissions: int(attemptCounts?.total_submissions),
      pendingGrading: int(attemptCounts?.pending_grading),
    },
    recentUsers: users.map(presentUser),
    recentExams: exams.map((r) => ({
      ...examItem(r),
      isPublished: r.is_published,
      owner: `${r.first_name} ${r.last_name}`,
      createdBy: { firstName: r.first_name, lastName: r.last_name },
    })),
    trends: trendLines,
    systemHealth: health,
    contactMessages: messages.map((m) => ({ _id: m.id, name: m.name, email: m.email, subject: m.subject, message: m.message, createdAt: iso(m.created_at) })),
  };
}
