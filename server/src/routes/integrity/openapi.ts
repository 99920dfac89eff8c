import { EXAM_MSG, INTEGRITY_MSG, MSG, SESSION_MSG, attemptTimelineSchema, flagDecisionResultSchema, outcomeResultSchema, reviewQueueSchema } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const integrityDocs: RouteDocs = {
  'GET /attempts/:attemptId/timeline': {
    summary: 'An attempt’s integrity timeline: what the server knows of it, in order',
    description:
      'The start, reconnects (how long the student was away), every acknowledged save grouped into runs of one question, each violation and flag with its evidence pictures and every decision on it, messages, extra time, a proctor’s submission or reinstatement, the submission and its reason, and the outcome of a confirmed attempt; with counts, the flags and the server-measured time per question. No score of suspicion. Read afresh on each call, so it is live while the exam runs. For admins, the exam’s owner and the teachers of its shared hall who proctor or review; for the student, their own attempt once its result is out and not held. Anyone else, parents included, is told the attempt does not exist.',
    data: attemptTimelineSchema,
    errors: { 404: SESSION_MSG.attemptNotFound },
  },
  'POST /attempts/:attemptId/flags/:eventId/decision': {
    summary: 'Confirm or dismiss one flag of an attempt, with an optional note',
    description:
      'Appended to the flag’s history (a changed decision is a new row; the last one stands). The attempt’s state is derived again at once: any confirmed flag → `confirmed` (its outcome starts empty: under review until a reviewer decides it); else any undecided → `needs_review`; else `clear`. Leaving `confirmed` clears the outcome (a zeroed result gets its score back). A result that this makes visible to the student is announced to them and their parents. For the exam’s reviewers (admins, its owner, staff who review).',
    data: flagDecisionResultSchema,
    errors: { 403: MSG.forbidden, 404: `${SESSION_MSG.attemptNotFound} / ${INTEGRITY_MSG.flagNotFound}` },
  },
  'POST /attempts/:attemptId/outcome': {
    summary: 'Decide what a confirmed breach does to the result: keep it, set it to zero or withhold it',
    description:
      'Only for a confirmed attempt that has been submitted. Kept as history. `zero` sets the score to 0 and keeps what it was, so a later `keep` or `withhold` (or the attempt leaving `confirmed`) restores it; `withhold` hides the result from the student and parents. The student and their parents are told the outcome in their language.',
    data: outcomeResultSchema,
    errors: { 403: MSG.forbidden, 404: SESSION_MSG.attemptNotFound, 409: `${INTEGRITY_MSG.outcomeNeedsConfirmed} / ${INTEGRITY_MSG.outcomeAfterSubmission}` },
  },
  'GET /exams/:id/review-queue': {
    summary: 'An exam’s review queue: attempts by their undecided flags',
    description:
      'Every attempt of the exam with its flags counted by their standing decision: undecided ones first (most first), then confirmed, then by name; with totals per state and how many results are held, and the school’s default outcome. `state` filters the list (not the totals); `mine=true` keeps the reviewer’s part of the hall (their sections and students; none named, or the owner or an admin: the whole hall).',
    data: reviewQueueSchema,
    errors: { 403: MSG.forbidden, 404: EXAM_MSG.examNotFound },
  },
};
