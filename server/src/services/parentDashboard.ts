import { DASHBOARD_LIST_LIMIT, type ParentDashboard, type ParentDashboardData } from '@exam/shared';
import type { Deps } from '../deps';
import type { UserRow } from '../db/userRow';
import { average, finishedAttempts, isShownResult } from './childAttempts';
import { resultItem, unreadNotifications } from './dashboards';
import { childLinks, listChildren, type LinkedChildRow } from './parentArea';
import { gradeLetters } from './platformSettings';
import { grantsFollowing, scopeGrantingLinks } from '../policies/parentLinks';

/**
 * The parent's dashboard, behind its two calls: GET /dashboard/parent (the role dashboards'
 * shape) and GET /parent/dashboard (the parent area's). Both are made of the parent's links and
 * their children's finished attempts (services/childAttempts.ts), read the same way.
 */

/** GET /dashboard/parent: accepted children by first name, their totals, recent attempts and the parent's unread notifications. */
export async function parentDashboard(deps: Deps, parent: UserRow, language: string): Promise<ParentDashboardData> {
  // Only accepted links: a pending request shows the parent nothing of the child.
  const children = (await scopeGrantingLinks(childLinks(deps.db, parent.id), 'pc').orderBy('u.first_name')) as LinkedChildRow[];
  const attempts = await finishedAttempts(
    deps.db,
    children.map((c) => c.id),
  );
  const names = new Map(children.map((c) => [c.id, c.first_name]));
  const shownAverage = (of: typeof attempts) => average(of.filter(isShownResult).map((a) => a.percentage));
  return {
    stats: { totalChildren: children.length, totalExamsTaken: attempts.length, averagePerformance: shownAverage(attempts) },
    children: children.map((c) => {
      const own = attempts.filter((a) => a.student_id === c.id);
      return { _id: c.id, name: `${c.first_name} ${c.last_name}`, grade: c.grade, totalExams: own.length, averageScore: shownAverage(own) };
    }),
    recentResults: attempts.slice(0, DASHBOARD_LIST_LIMIT).map((r) => ({ ...resultItem(r), childName: names.get(r.student_id) ?? '' })),
    notifications: await unreadNotifications(deps, parent.id, language),
  };
}

const ACTIVE_WINDOW_MS = 30 * 24 * 3600_000;

/** GET /parent/dashboard: the parent area's children (requests included) and their recent results. */
export async function parentAreaDashboard(deps: Deps, parent: UserRow): Promise<ParentDashboard> {
  const { children, results } = await listChildren(deps, parent);
  const accepted = children.filter((c) => grantsFollowing({ status: c.linkStatus }));
  const names = new Map(accepted.map((c) => [c._id, c.name]));
  const since = Date.now() - ACTIVE_WINDOW_MS;
  const letter = await gradeLetters(deps);
  return {
    children,
    summary: {
      totalChildren: accepted.length,
      totalExams: results.length,
      averagePerformance: average(results.map((r) => r.percentage)),
      // A child is active when they finished an exam in the last 30 days.
      activeChildren: accepted.filter((c) => results.some((r) => r.student_id === c._id && new Date(r.submitted_at).getTime() >= since)).length,
    },
    recentActivities: results.slice(0, 10).map((r) => ({
      childId: r.student_id,
      childName: names.get(r.student_id) ?? '',
      submissionId: r.id,
      examTitle: r.title,
      subject: r.subject,
      score: r.percentage,
      grade: letter(r.percentage),
      date: new Date(r.submitted_at).toISOString(),
    })),
  };
}
