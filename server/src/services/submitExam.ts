import { SESSION_MSG } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { AttemptRow } from '../presenters/attempt';
import { onBreakError } from './attempts';

/**
 * The taking screen's submit call (POST /submissions): the client's answers fill in only what the
 * server does not already hold (autosave is the record; this is a safety net), its time and flags
 * are recorded, and the server's clock and counters decide. Resubmitting a closed attempt just
 * returns it. Grouped with every other submission of the moment (services/attemptSubmitter.ts).
 */
export async function submitExam(
  deps: Deps,
  input: { examId: string; studentId: string; answers: Record<string, string | null>; timeSpent?: number; securityFlags?: unknown },
): Promise<AttemptRow> {
  const latest = (await deps.db('attempts')
    .where({ exam_id: input.examId, student_id: input.studentId })
    .orderBy('attempt_number', 'desc')
    .first('id')) as { id: string } | undefined;
  if (!latest) throw Errors.badRequest(SESSION_MSG.noAttempt);
  const { attempt } = await deps.submitter.submit({
    attemptId: latest.id,
    reason: 'student',
    actorId: input.studentId,
    answers: input.answers,
    clientTimeSpent: input.timeSpent,
    clientSecurityFlags: input.securityFlags,
  });
  // Left open only for a student on a rest break (attemptSubmitter.ts).
  if (attempt.status === 'in_progress') throw onBreakError();
  return attempt;
}
