import type { Achievement } from '@exam/shared';
import type { Deps } from '../deps';
import { translate } from '../i18n/translator';
import type { AttemptRow } from '../presenters/attempt';
import type { ExamFacts, VisibleResult } from './followUpFacts';
import type { UserNotification } from './notifications';

/** What can be earned; each is stored once, when the event that earns it happens. */
export const ACHIEVEMENTS = {
  'first-pass': { title: 'First Exam Passed', description: 'Passed your first exam.', icon: 'trophy' },
  'perfect-score': { title: 'Perfect Score', description: 'Scored 100% on an exam.', icon: 'star' },
  'five-in-a-row': { title: 'On a Roll', description: 'Passed five exams in a row.', icon: 'flame' },
  'subject-improver': { title: 'Rising Star', description: 'Improved by 20 points or more in a subject.', icon: 'trending-up' },
  'first-graded': { title: 'First Exam Graded', description: 'Results of one of your exams were graded.', icon: 'checklist' },
} as const;
export type AchievementKey = keyof typeof ACHIEVEMENTS;

export const IMPROVEMENT_POINTS = 20;
export const STREAK_LENGTH = 5;

/** The achievements a student's visible results earn, judged from the whole record (so re-running is harmless). */
export function earnedByResults(results: VisibleResult[]): { key: AchievementKey; detail: Record<string, unknown> }[] {
  const earned: { key: AchievementKey; detail: Record<string, unknown> }[] = [];
  const firstPass = results.find((r) => r.passed);
  if (firstPass) earned.push({ key: 'first-pass', detail: { attemptId: firstPass.attempt_id } });
  const perfect = results.find((r) => r.percentage === 100);
  if (perfect) earned.push({ key: 'perfect-score', detail: { attemptId: perfect.attempt_id } });
  let streak = 0;
  for (const r of results) {
    streak = r.passed ? streak + 1 : 0;
    if (streak >= STREAK_LENGTH) {
      earned.push({ key: 'five-in-a-row', detail: { attemptId: r.attempt_id } });
      break;
    }
  }
  const firstBySubject = new Map<string, number>();
  for (const r of results) {
    const first = firstBySubject.get(r.subject);
    if (first === undefined) firstBySubject.set(r.subject, r.percentage);
    else if (r.percentage - first >= IMPROVEMENT_POINTS) {
      earned.push({ key: 'subject-improver', detail: { attemptId: r.attempt_id, subject: r.subject, from: first, to: r.percentage } });
      break;
    }
  }
  return earned;
}

/**
 * After results exist: stores what the graded attempts newly earn for their students (and for
 * the exams' teachers, their first graded exam), and returns a notification for each new one.
 * Called from the one place grading completes (notifyResults, which hands over the exams and results
 * followUpFacts read, and stores and tells these with the results), for every path: submit, sweep,
 * manual grading, release.
 */
export async function awardAchievements(
  deps: Deps,
  graded: Pick<AttemptRow, 'student_id' | 'exam_id'>[],
  exams: Map<string, Pick<ExamFacts, 'id' | 'owner_id'>>,
  /** The students' visible results, each student's oldest first, as followUpFacts reads them. */
  results: Map<string, VisibleResult[]>,
): Promise<UserNotification[]> {
  if (!graded.length) return [];
  const candidates: { user_id: string; key: AchievementKey; detail: string }[] = [];
  for (const studentId of new Set(graded.map((a) => a.student_id))) {
    for (const e of earnedByResults(results.get(studentId) ?? [])) candidates.push({ user_id: studentId, key: e.key, detail: JSON.stringify(e.detail) });
  }
  const owners = [...new Set(graded.map((a) => a.exam_id))].flatMap((id) => (exams.has(id) ? [exams.get(id)!] : []));
  for (const o of owners) candidates.push({ user_id: o.owner_id, key: 'first-graded', detail: JSON.stringify({ examId: o.id }) });
  if (!candidates.length) return [];
  const unique = [...new Map(candidates.map((c) => [`${c.user_id}:${c.key}`, c])).values()];
  const inserted = (await deps.db('achievements').insert(unique).onConflict(['user_id', 'key']).ignore().returning(['user_id', 'key'])) as {
    user_id: string;
    key: AchievementKey;
  }[];
  return inserted.map((a) => ({
    userId: a.user_id,
    type: 'achievement' as const,
    title: { key: 'achievementUnlocked.title', values: { title: { t: `notices:achievements.${a.key}.title` } } },
    message: { key: `achievements.${a.key}.description` },
    actionUrl: '/profile?tab=achievements',
    metadata: { achievement: a.key },
  }));
}

/** The user's achievements, named and described in the reader's language. */
export async function listAchievements(deps: Deps, userId: string, language?: string): Promise<Achievement[]> {
  const rows = (await deps.db('achievements').where({ user_id: userId }).orderBy('earned_at', 'asc').select('key', 'earned_at')) as { key: string; earned_at: Date }[];
  return rows
    .filter((r): r is { key: AchievementKey; earned_at: Date } => r.key in ACHIEVEMENTS)
    .map((r) => ({
      key: r.key,
      ...ACHIEVEMENTS[r.key],
      title: translate(language, `notices:achievements.${r.key}.title`),
      description: translate(language, `notices:achievements.${r.key}.description`),
      earnedAt: new Date(r.earned_at).toISOString(),
    }));
}
