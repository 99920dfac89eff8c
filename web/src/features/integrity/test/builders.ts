import type { AttemptTimeline, ReviewFlag, ReviewQueue, ReviewQueueItem } from '@exam/shared';

export const EXAM = '7d1f0c1e-0000-4000-8000-0000000000e1';
export const ATTEMPT = { ana: '7d1f0c1e-0000-4000-8000-0000000000a1', ben: '7d1f0c1e-0000-4000-8000-0000000000a2', cy: '7d1f0c1e-0000-4000-8000-0000000000a3' };
const STUDENT = { ana: '7d1f0c1e-0000-4000-8000-0000000000b1', ben: '7d1f0c1e-0000-4000-8000-0000000000b2', cy: '7d1f0c1e-0000-4000-8000-0000000000b3' };

const NAMES = { ana: 'Ana Lopez', ben: 'Ben Okafor', cy: 'Cy Park' };
const whoseAttempt = (attemptId: string) => (Object.keys(ATTEMPT) as (keyof typeof ATTEMPT)[]).find((k) => ATTEMPT[k] === attemptId) ?? 'ben';

export function queueItem(who: keyof typeof ATTEMPT, overrides: Partial<ReviewQueueItem> = {}): ReviewQueueItem {
  const names = NAMES;
  return {
    attemptId: ATTEMPT[who],
    student: { id: STUDENT[who], name: names[who], section: 'A' },
    status: 'submitted',
    submitReason: 'time-expired',
    integrityState: 'needs_review',
    outcome: null,
    flags: 2,
    undecided: 2,
    confirmed: 0,
    hold: null,
    ...overrides,
  };
}

/** The server's order: undecided flags first, most first (here not the alphabet's). */
export function buildQueue(overrides: Partial<ReviewQueue> = {}): ReviewQueue {
  return {
    exam: { id: EXAM, title: 'Chemistry Final', waitsForReview: true, defaultOutcome: 'zero' },
    summary: { attempts: 3, clear: 1, needsReview: 2, confirmed: 0, held: 2 },
    items: [queueItem('ben', { flags: 3, undecided: 3, hold: 'under_review' }), queueItem('ana', { hold: 'under_review' }), queueItem('cy', { integrityState: 'clear', flags: 0, undecided: 0 })],
    ...overrides,
  };
}

export function flag(n: number, overrides: Partial<ReviewFlag> = {}): ReviewFlag {
  return {
    eventId: String(100 + n),
    kind: 'tab-switch',
    at: `2026-05-04T09:${String(10 + n).padStart(2, '0')}:00.000Z`,
    evidenceIds: [],
    decision: null,
    history: [],
    ...overrides,
  };
}

export function buildTimeline(attemptId: string, flags: ReviewFlag[], overrides: Partial<AttemptTimeline['attempt']> = {}): AttemptTimeline {
  const undecided = flags.filter((f) => f.decision === null).length;
  const confirmed = flags.filter((f) => f.decision === 'confirm').length;
  return {
    attempt: {
      id: attemptId,
      examId: EXAM,
      examTitle: 'Chemistry Final',
      student: { id: STUDENT[whoseAttempt(attemptId)], name: NAMES[whoseAttempt(attemptId)], section: 'A' },
      status: 'submitted',
      startedAt: '2026-05-04T09:00:00.000Z',
      submittedAt: '2026-05-04T10:00:00.000Z',
      submitReason: 'time-expired',
      integrityState: confirmed ? 'confirmed' : undecided ? 'needs_review' : 'clear',
      outcome: null,
      ...overrides,
    },
    mayReview: true,
    counts: { flags: flags.length, undecided, confirmed, dismissed: flags.length - undecided - confirmed, reconnects: 1, offlineMs: 65_000, saves: 4, messages: 0 },
    entries: [
      { kind: 'started', at: '2026-05-04T09:00:00.000Z', by: null, detail: {} },
      { kind: 'saves', at: '2026-05-04T09:02:00.000Z', by: null, detail: { questionId: 'q4', questionNumber: 4, count: 3, until: '2026-05-04T09:05:00.000Z' } },
      { kind: 'reconnected', at: '2026-05-04T09:07:00.000Z', by: null, detail: { offlineMs: 65_000, since: '2026-05-04T09:05:55.000Z' } },
      ...flags.map((f) => ({ kind: 'violation' as const, at: f.at, by: null, detail: { eventId: f.eventId, kind: f.kind, evidenceIds: f.evidenceIds, decision: f.decision } })),
      { kind: 'submitted', at: '2026-05-04T10:00:00.000Z', by: null, detail: { reason: 'time-expired' } },
    ],
    flags,
    questions: [{ questionId: '7d1f0c1e-0000-4000-8000-0000000000c4', number: 4, saves: 3, timeMs: 185_000, firstSavedAt: '2026-05-04T09:02:00.000Z', lastSavedAt: '2026-05-04T09:05:00.000Z' }],
    outcomeHistory: [],
  };
}
