import { SESSION_MSG } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { AttemptRow } from '../presenters/attempt';
import { announceSubmitted, isOpen, submitAttemptTx } from './attempts';

/**
 * The taking screen's submit call (POST /submissions): the client's answers fill in only what the
 * server does not already hold (autosave is the record; this is a safety net), its time and flags
 * are recorded, and the server's clock and counters decide. Resubmitting a closed attempt just
 * returns it.
 */
export async function submitExam(
  deps: Deps,
  input: { examId: string; studentId: string; answers: Record<string, string | null>; timeSpent?: number; securityFlags?: unknown },
): Promise<AttemptRow> {
  const result = await deps.db.transaction(async (trx) => {
    const attempt = (await trx('attempts')
      .where({ exam_id: input.examId, student_id: input.studentId })
      .orderBy('attempt_number', 'desc')
      .forUpdate()
      .first()) as AttemptRow | undefined;
    if (!attempt) throw Errors.badRequest(SESSION_MSG.noAttempt);
    if (attempt.status !== 'in_progress') return { attempt, changed: false };
    const { now } = (await trx.raw('select now() as now')).rows[0] as { now: Date };
    if (isOpen(attempt, new Date(now).getTime())) {
      const missing = Object.entries(input.answers).filter(([qid, a]) => attempt.question_order.includes(qid) && a !== null && a !== '');
      if (missing.length) {
        await trx('answers')
          .insert(missing.map(([question_id, answer]) => ({ attempt_id: attempt.id, question_id, answer, seq: 1 })))
          .onConflict(['attempt_id', 'question_id'])
          .ignore();
      }
    }
    await trx('attempts')
      .where({ id: attempt.id })
      .update({
        client_time_spent: input.timeSpent === undefined ? null : Math.round(input.timeSpent),
        client_security_flags: input.securityFlags === undefined ? null : JSON.stringify(input.securityFlags),
      });
    return submitAttemptTx(trx, attempt.id, 'student', input.studentId);
  });
  if (result.changed) await announceSubmitted(deps, result.attempt);
  return result.attempt;
}
