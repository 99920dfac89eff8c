import type { Knex } from 'knex';
import type { IntegrityOutcome } from '@exam/shared';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import { GRANTING_STATUS } from '../../policies/parentLinks';
import { insertNotifications, pushNotifications, type UserNotification } from '../notifications';

/**
 * What the integrity review tells a student and their parents, in each reader's language (the
 * notices catalogue), by notification and, as results are, by e-mail: that an attempt ended by
 * its violations was stopped and is being reviewed (never its automatic score), and the outcome
 * a reviewer decided for a confirmed attempt.
 */

type Trx = Db | Knex.Transaction;

/** Marks a "stopped" notice in its metadata, so a reinstatement finds and withdraws it. */
const STOPPED = 'attemptStopped';

export interface NoticeAttempt {
  id: string;
  exam_id: string;
  student_id: string;
}

/** Each student's first name and the parents whose link they accepted. */
async function familiesOf(db: Trx, studentIds: string[]): Promise<Map<string, { name: string; parents: string[] }>> {
  const rows = (await db('users as u')
    .leftJoin('parent_children as pc', (j) => j.on('pc.child_id', 'u.id').andOnVal('pc.status', GRANTING_STATUS))
    .whereIn('u.id', [...new Set(studentIds)])
    .select('u.id', 'u.first_name', 'pc.parent_id')) as { id: string; first_name: string; parent_id: string | null }[];
  const families = new Map<string, { name: string; parents: string[] }>();
  for (const r of rows) {
    const family = families.get(r.id) ?? { name: r.first_name, parents: [] };
    if (r.parent_id) family.parents.push(r.parent_id);
    families.set(r.id, family);
  }
  return families;
}

async function titlesOf(db: Trx, examIds: string[]): Promise<Map<string, string>> {
  const rows = (await db('exams').whereIn('id', [...new Set(examIds)]).select('id', 'title')) as { id: string; title: string }[];
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** One notice to a student and the same, in the parent's words, to each of their parents. */
async function toFamilies(db: Trx, attempts: NoticeAttempt[], notice: (a: NoticeAttempt, examTitle: string, family: { name: string; parents: string[] }) => UserNotification[]) {
  if (!attempts.length) return [];
  const [families, titles] = await Promise.all([familiesOf(db, attempts.map((a) => a.student_id)), titlesOf(db, attempts.map((a) => a.exam_id))]);
  return attempts.flatMap((a) => notice(a, titles.get(a.exam_id) ?? '', families.get(a.student_id) ?? { name: '', parents: [] }));
}

/**
 * Attempts their violations ended: the student and their parents hear that it was stopped and
 * is being reviewed, and nothing of its automatic score.
 */
export async function tellStopped(deps: Deps, attempts: NoticeAttempt[]): Promise<void> {
  const items = await toFamilies(deps.db, attempts, (a, examTitle, family) => {
    const metadata = { examId: a.exam_id, examTitle, submissionId: a.id, notice: STOPPED };
    return [
      { userId: a.student_id, type: 'result', title: { key: 'attemptStopped.title' }, message: { key: 'attemptStopped.message', values: { examTitle } }, actionUrl: `/exam-result/${a.id}`, metadata },
      ...family.parents.map(
        (parentId): UserNotification => ({
          userId: parentId,
          type: 'result',
          title: { key: 'childAttemptStopped.title', values: { name: family.name } },
          message: { key: 'childAttemptStopped.message', values: { examTitle, name: family.name } },
          actionUrl: `/exam-result/${a.id}`,
          metadata: { ...metadata, childId: a.student_id },
        }),
      ),
    ];
  });
  await pushNotifications(deps, await insertNotifications(deps.db, items));
}

/** A reinstatement withdraws what was said: the "stopped" notices of the attempt, from every inbox. */
export async function withdrawStopped(trx: Trx, attemptId: string): Promise<number> {
  return trx('notifications').whereRaw("metadata->>'notice' = ?", [STOPPED]).whereRaw("metadata->>'submissionId' = ?", [attemptId]).delete();
}

/** The outcome a reviewer decided for a confirmed attempt, to its student and their parents. */
export async function tellOutcome(deps: Deps, attempt: NoticeAttempt, outcome: IntegrityOutcome): Promise<void> {
  const items = await toFamilies(deps.db, [attempt], (a, examTitle, family) => {
    const metadata = { examId: a.exam_id, examTitle, submissionId: a.id, outcome };
    return [
      {
        userId: a.student_id,
        type: 'result',
        title: { key: `integrityOutcome.${outcome}.title` },
        message: { key: `integrityOutcome.${outcome}.message`, values: { examTitle } },
        actionUrl: `/exam-result/${a.id}`,
        metadata,
      },
      ...family.parents.map(
        (parentId): UserNotification => ({
          userId: parentId,
          type: 'result',
          title: { key: `childIntegrityOutcome.${outcome}.title`, values: { name: family.name } },
          message: { key: `childIntegrityOutcome.${outcome}.message`, values: { examTitle, name: family.name } },
          actionUrl: `/exam-result/${a.id}`,
          metadata: { ...metadata, childId: a.student_id },
        }),
      ),
    ];
  });
  await pushNotifications(deps, await insertNotifications(deps.db, items));
}
