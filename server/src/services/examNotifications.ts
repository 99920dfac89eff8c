import { timePlaceholder } from '@exam/shared';
import type { Deps } from '../deps';
import { eligibleStudentIds, notify } from './notifications';

/** Tells every student an exam is meant for that it has been published. */
export async function notifyExamPublished(deps: Deps, examId: string): Promise<void> {
  const exam = (await deps.db('exams').where({ id: examId }).first('id', 'title', 'start_at')) as { id: string; title: string; start_at: Date };
  await notify(deps, await eligibleStudentIds(deps.db, examId), {
    type: 'exam',
    title: { key: 'examPublished.title' },
    // The start is data, written out in each reader's own date and time settings where shown.
    message: { key: 'examPublished.message', values: { examTitle: exam.title, startsAt: timePlaceholder('startsAt') } },
    actionUrl: '/exams',
    metadata: { examId: exam.id, examTitle: exam.title, startsAt: new Date(exam.start_at).toISOString() },
  });
}

/**
 * Reminds students of published exams that start within the hour, once per exam: the
 * conditional UPDATE claims each exam for exactly one node.
 */
export async function sendStartReminders(deps: Deps): Promise<number> {
  const due = (await deps.db('exams')
    .where('is_published', true)
    .whereNull('reminder_sent_at')
    .where('start_at', '>', deps.db.fn.now())
    .where('start_at', '<=', deps.db.raw("now() + interval '1 hour'"))
    .update({ reminder_sent_at: deps.db.fn.now() })
    .returning(['id', 'title', 'start_at'])) as { id: string; title: string; start_at: Date }[];
  for (const exam of due) {
    const minutes = Math.max(1, Math.round((new Date(exam.start_at).getTime() - Date.now()) / 60_000));
    await notify(deps, await eligibleStudentIds(deps.db, exam.id), {
      type: 'reminder',
      title: { key: 'examStartingSoon.title' },
      message: { key: 'examStartingSoon.message', values: { examTitle: exam.title, count: minutes } },
      actionUrl: `/exam/${exam.id}`,
      metadata: { examId: exam.id, examTitle: exam.title },
    });
  }
  return due.length;
}
