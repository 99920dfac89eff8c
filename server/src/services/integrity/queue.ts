import type { IntegrityOutcome, IntegrityState, ResultHold, ReviewQueue, ReviewQueueItem, ReviewQueueQuery, SubmitReason } from '@exam/shared';
import type { Deps } from '../../deps';
import type { Viewer } from '../../policies';
import { resultHoldSql } from '../../policies/results';
import { getPlatformSettings } from '../platformSettings';
import { examUnderReview, type ReviewedExam } from './access';

/**
 * An exam's review queue (issue 53): every attempt with its flags counted by their standing
 * decision, those with undecided flags first (most first), then those with confirmed ones, then
 * by name; with the hall's totals per state and how many results are held. `mine` narrows it to
 * the reviewer's part of the hall (their sections and students in exam_staff; none named: the
 * whole hall, as for the owner and admins). No score of suspicion: counts and decisions.
 */

interface QueueRow {
  id: string;
  student_id: string;
  first_name: string;
  last_name: string;
  section: ReviewQueueItem['student']['section'];
  status: string;
  submit_reason: SubmitReason | null;
  integrity_state: IntegrityState;
  integrity_outcome: IntegrityOutcome | null;
  hold: ResultHold | null;
  flags: number;
  undecided: number;
  confirmed: number;
}

/**
 * ONE statement: the exam's attempts (within the part), and for each its violation events and the
 * latest decision on each, counted. Per attempt (a lateral count), so flags and decisions are
 * reached through their attempt's indexes: joined as sets, the planner hashed every violation of
 * the school to count an exam's, and the cost grew with the school instead of the exam.
 */
const QUEUE_SQL = (part: boolean) => `
  with scope as materialized (
    select a.id, a.student_id, a.status, a.submit_reason, a.integrity_state, a.integrity_outcome,
           u.first_name, u.last_name, u.section, ${resultHoldSql('e', 'a')} as hold
      from attempts a
      join exams e on e.id = a.exam_id
      join users u on u.id = a.student_id
     where a.exam_id = ?
       ${part ? 'and (u.section = any(?::text[]) or a.student_id = any(?::uuid[]))' : ''}
  )
  select s.*, c.flags, c.undecided, c.confirmed
    from scope s
   cross join lateral (
     select count(*)::int as flags,
            (count(*) filter (where d.decision is null))::int as undecided,
            (count(*) filter (where d.decision = 'confirm'))::int as confirmed
       from attempt_events ev
       left join lateral (
         select fd.decision from flag_decisions fd
          where fd.attempt_id = ev.attempt_id and fd.event_id = ev.id
          order by fd.id desc limit 1
       ) d on true
      where ev.attempt_id = s.id and ev.type = 'violation'
   ) c
   order by c.undecided desc, c.confirmed desc, lower(s.last_name), lower(s.first_name), s.id`;

/** The reviewer's part of the hall, or null for the whole hall. */
function partOf(exam: ReviewedExam): { sections: string[]; studentIds: string[] } | null {
  const staff = exam.staff;
  if (!staff || (!staff.sections.length && !staff.student_ids.length)) return null;
  return { sections: staff.sections, studentIds: staff.student_ids };
}

const itemOf = (r: QueueRow): ReviewQueueItem => ({
  attemptId: r.id,
  student: { id: r.student_id, name: `${r.first_name} ${r.last_name}`.trim(), section: r.section },
  status: r.status,
  submitReason: r.submit_reason,
  integrityState: r.integrity_state,
  outcome: r.integrity_outcome,
  flags: r.flags,
  undecided: r.undecided,
  confirmed: r.confirmed,
  hold: r.hold,
});

/** The review queue of one exam, for its reviewers (policies/integrity.ts). */
export async function reviewQueue(deps: Deps, viewer: Viewer, examId: string, query: ReviewQueueQuery): Promise<ReviewQueue> {
  const exam = await examUnderReview(deps.db, viewer, examId);
  const part = query.mine ? partOf(exam) : null;
  const bindings = part ? [exam.id, part.sections, part.studentIds] : [exam.id];
  const [{ rows }, settings] = await Promise.all([
    deps.db.raw(QUEUE_SQL(!!part), bindings as unknown as readonly string[]) as Promise<{ rows: QueueRow[] }>,
    getPlatformSettings(deps),
  ]);
  const summary = { attempts: rows.length, clear: 0, needsReview: 0, confirmed: 0, held: 0 };
  for (const r of rows) {
    if (r.integrity_state === 'clear') summary.clear++;
    else if (r.integrity_state === 'needs_review') summary.needsReview++;
    else summary.confirmed++;
    if (r.hold) summary.held++;
  }
  return {
    exam: { id: exam.id, title: exam.title, waitsForReview: exam.settings.resultsWaitForReview ?? false, defaultOutcome: settings.integrity.confirmedOutcome },
    summary,
    items: rows.filter((r) => !query.state || r.integrity_state === query.state).map(itemOf),
  };
}
