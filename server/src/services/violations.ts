import { SESSION_MSG, violationLimits, type ExamSettings, type ViolationType } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { AttemptRow } from '../presenters/attempt';
import { announceSubmitted, submitAttemptTx } from './attempts';

export interface ViolationResult {
  counts: { tabSwitches: number; fullscreenExits: number };
  submitted: boolean;
  attempt: AttemptRow;
  /** True when this very event ended the attempt. */
  crossed: boolean;
}

/**
 * Counts and logs a violation on the server. The attempt is submitted (reason violations) on the
 * event that takes tab switches or fullscreen exits above the exam's allowance (by default 3 and
 * 2, the school's choice when the exam was made), when the exam's proctoring is on: the count includes this event, so the threshold fires on the crossing event itself, not one
 * late as the old product did.
 */
export async function recordViolation(
  deps: Deps,
  input: { attemptId: string; studentId: string; type: ViolationType; at?: number | string },
): Promise<ViolationResult> {
  const result = await deps.db.transaction(async (trx) => {
    const row = (await trx('attempts as a')
      .join('exams as e', 'e.id', 'a.exam_id')
      .where('a.id', input.attemptId)
      .forUpdate('a')
      .first('a.*', 'e.settings as exam_settings')) as (AttemptRow & { exam_settings: ExamSettings }) | undefined;
    if (!row) throw Errors.notFound(SESSION_MSG.attemptNotFound);
    if (row.student_id !== input.studentId) throw Errors.forbidden(SESSION_MSG.notYourAttempt);
    const { exam_settings: settings, ...attempt } = row;
    if (attempt.status !== 'in_progress') {
      return { counts: { tabSwitches: attempt.tab_switches, fullscreenExits: attempt.fullscreen_exits }, submitted: true, attempt, crossed: false };
    }
    const proctoring = settings.proctoring;
    const limits = violationLimits(proctoring);
    const tabSwitches = attempt.tab_switches + (input.type === 'tab-switch' ? 1 : 0);
    const fullscreenExits = attempt.fullscreen_exits + (input.type === 'fullscreen-exit' ? 1 : 0);
    const crossed =
      proctoring.enabled &&
      ((proctoring.preventTabSwitching && tabSwitches > limits.tabSwitches) || (proctoring.requireFullscreen && fullscreenExits > limits.fullscreenExits));
    const warned = proctoring.enabled && !crossed;
    const clientAt = input.at === undefined ? null : new Date(input.at);
    await trx('attempts')
      .where({ id: attempt.id })
      .update({ tab_switches: tabSwitches, fullscreen_exits: fullscreenExits, warnings: attempt.warnings + (warned ? 1 : 0), updated_at: trx.fn.now() });
    await trx('attempt_events').insert({
      attempt_id: attempt.id,
      type: 'violation',
      actor_id: input.studentId,
      detail: JSON.stringify({ violation: input.type }),
      client_at: clientAt && !Number.isNaN(clientAt.getTime()) ? clientAt : null,
    });
    if (crossed) {
      const submitted = await submitAttemptTx(trx, attempt.id, 'violations', null);
      return { counts: { tabSwitches, fullscreenExits }, submitted: true, attempt: submitted.attempt, crossed: true };
    }
    return {
      counts: { tabSwitches, fullscreenExits },
      submitted: false,
      attempt: { ...attempt, tab_switches: tabSwitches, fullscreen_exits: fullscreenExits },
      crossed: false,
    };
  });
  // The violation reaches the proctor board before the submission it caused.
  deps.proctor.events([{ attemptId: input.attemptId, type: 'violation', detail: { violation: input.type, counts: result.counts }, online: true }]);
  if (result.crossed) await announceSubmitted(deps, result.attempt);
  return result;
}
