import type { Achievement } from '@exam/shared';
import type { Deps } from '../deps';
import { translate } from '../i18n/translator';
import type { AttemptRow } from '../presenters/attempt';
import type { ExamFacts, VisibleResult } from './followUpFacts';
import { insertNotifications, storedNotification, type UserNotification } from './notifications';
import type { NotificationRow } from '../presenters/notification';

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

/** An achievement one user may have earned, stored only if they had not earned it before. */
interface Candidate {
  user_id: string;
  key: AchievementKey;
  detail: string;
}

/**
 * What graded attempts may earn: for their students what their visible results earn (judged from
 * the whole record, so a candidate earned before is simply not stored again), and for the exams'
 * teachers their first graded exam.
 */
function candidatesOf(graded: Pick<AttemptRow, 'student_id' | 'exam_id'>[], exams: Map<string, Pick<ExamFacts, 'id' | 'owner_id'>>, results: Map<string, VisibleResult[]>): Candidate[] {
  const candidates: Candidate[] = [];
  for (const studentId of new Set(graded.map((a) => a.student_id))) {
    for (const e of earnedByResults(results.get(studentId) ?? [])) candidates.push({ user_id: studentId, key: e.key, detail: JSON.stringify(e.detail) });
  }
  const owners = [...new Set(graded.map((a) => a.exam_id))].flatMap((id) => (exams.has(id) ? [exams.get(id)!] : []));
  for (const o of owners) candidates.push({ user_id: o.owner_id, key: 'first-graded', detail: JSON.stringify({ examId: o.id }) });
  return [...new Map(candidates.map((c) => [`${c.user_id}:${c.key}`, c])).values()];
}

const achievementNotice = (userId: string, key: AchievementKey): UserNotification => ({
  userId,
  type: 'achievement',
  title: { key: 'achievementUnlocked.title', values: { title: { t: `notices:achievements.${key}.title` } } },
  message: { key: `achievements.${key}.description` },
  actionUrl: '/profile?tab=achievements',
  metadata: { achievement: key },
});

/**
 * After results exist: stores the results' notifications and what the graded attempts newly earn,
 * with a notification for each new achievement after them, in ONE statement (the achievements
 * stored, then the notifications of the results and of those achievements the insert did store):
 * a round trip fewer for every graded submission. Returns the notifications in that order.
 * Called from the one place grading completes (notifyResults, which hands over the exams and
 * results followUpFacts read), for every path: submit, sweep, manual grading, release. A failure
 * to award never keeps the results from the student and their parents: they are stored alone.
 */
export async function storeResultsAndAchievements(
  deps: Deps,
  resultNotices: UserNotification[],
  graded: Pick<AttemptRow, 'student_id' | 'exam_id'>[],
  exams: Map<string, Pick<ExamFacts, 'id' | 'owner_id'>>,
  /** The students' visible results, each student's oldest first, as followUpFacts reads them. */
  results: Map<string, VisibleResult[]>,
): Promise<NotificationRow[]> {
  const candidates = candidatesOf(graded, exams, results);
  if (!candidates.length) return insertNotifications(deps.db, resultNotices);
  // Each notification with the achievement it tells of (null for a result), in the order told.
  const told = [...resultNotices.map((n) => ({ n, achievement: null })), ...candidates.map((c) => ({ n: achievementNotice(c.user_id, c.key), achievement: c.key }))];
  const stored = told.map(({ n }) => storedNotification(n));
  const column = <K extends keyof (typeof stored)[number]>(k: K) => stored.map((r) => r[k]);
  try {
    const { rows } = (await deps.db.raw(
      `with earned as (
         insert into achievements (user_id, key, detail)
         select * from unnest(?::uuid[], ?::text[], ?::jsonb[])
         on conflict (user_id, key) do nothing
         returning user_id, key
       )
       -- Each row stamped as it is written, a microsecond apart at least: the embedded database's
       -- clock counts milliseconds, and a result must still list before what it earned.
       insert into notifications (created_at, user_id, type, title, message, texts, action_url, metadata)
       select clock_timestamp() + n.ord * interval '1 microsecond', n.user_id, n.type, n.title, n.message, n.texts, n.action_url, n.metadata
         from unnest(?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[], ?::jsonb[], ?::text[], ?::jsonb[]) with ordinality
              as n(user_id, achievement, type, title, message, texts, action_url, metadata, ord)
        where n.achievement is null or exists (select 1 from earned e where e.user_id = n.user_id and e.key = n.achievement)
        order by n.ord
       returning *`,
      [
        candidates.map((c) => c.user_id),
        candidates.map((c) => c.key),
        candidates.map((c) => c.detail),
        column('user_id'),
        told.map((t) => t.achievement),
        column('type'),
        column('title'),
        column('message'),
        column('texts'),
        column('action_url'),
        column('metadata'),
      ] as unknown as readonly string[],
    )) as { rows: NotificationRow[] };
    return rows;
  } catch (err) {
    deps.log.error({ err }, 'awarding achievements failed');
    return insertNotifications(deps.db, resultNotices);
  }
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
