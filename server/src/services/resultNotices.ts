import type { Deps } from '../deps';
import { resultsVisible, type ReleaseAttemptFacts } from '../policies/results';
import { awardAchievements } from './achievements';
import { followUpFacts, type FollowUpFacts } from './followUpFacts';
import type { SubmittedAttempt } from './marking';
import { insertNotifications, pushNotifications, type UserNotification } from './notifications';
import { gradeLetters } from './platformSettings';

/**
 * Telling students and their parents that a result exists: when grading finishes an attempt
 * (at submission or by a teacher's marks), and when a teacher releases an exam's results
 * (services/resultRelease.ts).
 */

/** A graded attempt as the callers have it; a release of the marked results only may have left it out. */
type Announced = SubmittedAttempt & ReleaseAttemptFacts;

/**
 * Tells students and their linked parents that a result exists, the moment it does, for graded
 * attempts whose results the exam lets them see, and stores and tells what the results earned.
 * `facts`: what followUpFacts read for these attempts, when the caller has read it already.
 */
export async function notifyResults(deps: Deps, attempts: Announced[], opts: { updated?: boolean; facts?: FollowUpFacts } = {}): Promise<void> {
  const graded = attempts.filter((a) => a.status === 'graded');
  if (!graded.length) return;
  const facts = opts.facts ?? (await followUpFacts(deps.db, graded));
  const results = await resultNotices(deps, graded, facts, opts);
  // A failure to award never keeps the results from the student and their parents.
  const earned = await awardAchievements(deps, graded, facts.exams, facts.results).catch((err: unknown) => {
    deps.log.error({ err }, 'awarding achievements failed');
    return [];
  });
  // Stored and told together (a round trip each on a busy node), the result first, so "result
  // available" reaches the student before what it earned.
  await pushNotifications(deps, await insertNotifications(deps.db, [...results, ...earned]), facts.recipients);
}

/**
 * The result notifications of graded attempts whose exam shows results and whose integrity review
 * holds nothing back (policies/results.ts): to each student and their parents. A held one is told
 * when its review lets it out (services/integrity/decisions.ts); one a marked-only release left
 * out, at the next release (services/resultRelease.ts).
 */
async function resultNotices(deps: Deps, graded: Announced[], { exams, families, held }: Pick<FollowUpFacts, 'exams' | 'families' | 'held'>, opts: { updated?: boolean }): Promise<UserNotification[]> {
  const visible = graded.filter((a) => resultsVisible(exams.get(a.exam_id)!, a) && !held.has(a.id));
  if (!visible.length) return [];
  const letter = await gradeLetters(deps);
  const items: UserNotification[] = [];
  for (const a of visible) {
    const exam = exams.get(a.exam_id)!;
    const family = families.get(a.student_id);
    const name = family?.name;
    const grade = letter(a.percentage ?? 0);
    const metadata = { examId: exam.id, examTitle: exam.title, submissionId: a.id, score: a.percentage, grade };
    items.push({
      userId: a.student_id,
      type: 'result',
      title: { key: opts.updated ? 'resultUpdated.title' : 'resultAvailable.title' },
      message: { key: 'resultAvailable.message', values: { examTitle: exam.title, score: a.percentage ?? 0, grade } },
      actionUrl: `/exam-result/${a.id}`,
      metadata,
    });
    for (const parentId of family?.parents ?? []) {
      items.push({
        userId: parentId,
        type: 'result',
        title: { key: opts.updated ? 'childResultUpdated.title' : 'childResultAvailable.title', values: { name: name ?? '' } },
        message: { key: 'childResultAvailable.message', values: { examTitle: exam.title, name: name ?? '', score: a.percentage ?? 0, grade } },
        actionUrl: `/exam-result/${a.id}`,
        metadata: { ...metadata, childId: a.student_id },
      });
    }
  }
  return items;
}
