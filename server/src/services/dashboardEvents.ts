import { DASHBOARD_CHANGED_EVENT, type DashboardChanged } from '@exam/shared';
import type { Deps } from '../deps';
import type { ExamFacts } from './followUpFacts';
import { rooms } from '../ports/realtime';

/**
 * Tells the dashboards an attempt touches that they are stale: the exam's owner (pending grading,
 * sitting now), the student (results, upcoming), and the admins (totals). Called after the write
 * commits; the event carries no figures, the pages re-read their dashboard call. Never throws:
 * a dashboard refresh is not worth failing a submission for.
 */
export async function attemptsChangedDashboards(
  deps: Deps,
  attempts: { exam_id: string; student_id: string }[],
  reason: DashboardChanged['reason'],
  /** The attempts' exams, when the caller has read them already (followUpFacts). */
  exams?: Map<string, Pick<ExamFacts, 'owner_id'>>,
): Promise<void> {
  if (!attempts.length) return;
  try {
    const examIds = [...new Set(attempts.map((a) => a.exam_id))];
    const owners = exams ? examIds.flatMap((id) => (exams.has(id) ? [exams.get(id)!.owner_id] : [])) : ((await deps.db('exams').whereIn('id', examIds).pluck('owner_id')) as string[]);
    const users = new Set([...owners, ...attempts.map((a) => a.student_id)]);
    const payload: DashboardChanged = { reason };
    // One message to every room: a deadline closing 5,000 attempts was 5,000 emits, and as many
    // Redis publishes with two nodes, all carrying the same few bytes.
    deps.realtime.emit([...[...users].map((id) => rooms.user(id)), rooms.admins], DASHBOARD_CHANGED_EVENT, payload);
  } catch (err) {
    deps.log.warn({ err }, 'dashboard change event failed');
  }
}
