import type { AttemptTimeline, ReviewQueue } from '@exam/shared';

/**
 * A finished attempt's timeline and an exam's queue as the review core gives them, for the report
 * writers' tests: a start, a reconnection, saves, two flags (one confirmed with a picture, one
 * dismissed whose picture is gone), a message, extra time, the submission and the decisions.
 */
export const STUDENT_ID = '11111111-1111-4111-8111-111111111111';
export const TEACHER = { id: '22222222-2222-4222-8222-222222222222', name: 'Grete Müller' };
export const PICTURE_KEPT = '33333333-3333-4333-8333-333333333333';
export const PICTURE_GONE = '44444444-4444-4444-8444-444444444444';
const Q1 = '55555555-5555-4555-8555-555555555555';
const Q2 = '66666666-6666-4666-8666-666666666666';

export function sampleTimeline(over: { studentName?: string; messageText?: string; note?: string } = {}): AttemptTimeline {
  const student = { id: STUDENT_ID, name: over.studentName ?? 'José Peña' };
  return {
    attempt: {
      id: '77777777-7777-4777-8777-777777777777',
      examId: '88888888-8888-4888-8888-888888888888',
      examTitle: 'Géographie – Übung',
      student: { ...student, section: 'B' },
      status: 'submitted',
      startedAt: '2026-11-24T09:00:00.000Z',
      submittedAt: '2026-11-24T09:45:00.000Z',
      submitReason: 'student',
      integrityState: 'confirmed',
      outcome: 'keep',
    },
    counts: { flags: 2, undecided: 0, confirmed: 1, dismissed: 1, reconnects: 1, offlineMs: 125_000, saves: 4, messages: 1 },
    entries: [
      { kind: 'started', at: '2026-11-24T09:00:00.000Z', by: student, detail: {} },
      { kind: 'saves', at: '2026-11-24T09:05:00.000Z', by: student, detail: { questionId: Q1, questionNumber: 1, count: 3, until: '2026-11-24T09:12:00.000Z' } },
      { kind: 'violation', at: '2026-11-24T09:14:00.000Z', by: student, detail: { eventId: '901', kind: 'tab-switch', evidenceIds: [], decision: 'dismiss' } },
      { kind: 'reconnected', at: '2026-11-24T09:20:05.000Z', by: student, detail: { offlineMs: 125_000, since: '2026-11-24T09:18:00.000Z' } },
      { kind: 'message', at: '2026-11-24T09:25:00.000Z', by: TEACHER, detail: { text: over.messageText ?? 'Eyes on your own screen, ß', to: 'student' } },
      {
        kind: 'violation',
        at: '2026-11-24T09:30:00.000Z',
        by: student,
        detail: { eventId: '902', kind: 'faces-multiple', confidence: 0.87, durationMs: 6000, evidenceIds: [PICTURE_KEPT, PICTURE_GONE], decision: 'confirm' },
      },
      { kind: 'extended', at: '2026-11-24T09:35:00.000Z', by: TEACHER, detail: { minutes: 5 } },
      { kind: 'saves', at: '2026-11-24T09:40:00.000Z', by: student, detail: { questionId: Q2, questionNumber: 2, count: 1, until: '2026-11-24T09:40:00.000Z' } },
      { kind: 'submitted', at: '2026-11-24T09:45:00.000Z', by: student, detail: { reason: 'student' } },
      { kind: 'flag-decision', at: '2026-11-24T10:00:00.000Z', by: TEACHER, detail: { eventId: '901', decision: 'dismiss', note: over.note ?? 'Asked to leave – ok’d' } },
      { kind: 'flag-decision', at: '2026-11-24T10:01:00.000Z', by: TEACHER, detail: { eventId: '902', decision: 'confirm', note: null } },
      { kind: 'outcome', at: '2026-11-24T10:02:00.000Z', by: TEACHER, detail: { outcome: 'keep', note: null } },
    ],
    flags: [
      {
        eventId: '901',
        kind: 'tab-switch',
        at: '2026-11-24T09:14:00.000Z',
        evidenceIds: [],
        decision: 'dismiss',
        history: [{ id: '1', decision: 'dismiss', note: over.note ?? 'Asked to leave – ok’d', by: TEACHER, at: '2026-11-24T10:00:00.000Z' }],
      },
      {
        eventId: '902',
        kind: 'faces-multiple',
        at: '2026-11-24T09:30:00.000Z',
        confidence: 0.87,
        durationMs: 6000,
        evidenceIds: [PICTURE_KEPT, PICTURE_GONE],
        decision: 'confirm',
        history: [{ id: '2', decision: 'confirm', note: null, by: TEACHER, at: '2026-11-24T10:01:00.000Z' }],
      },
    ],
    questions: [
      { questionId: Q2, number: 2, saves: 1, timeMs: 28 * 60_000, firstSavedAt: '2026-11-24T09:40:00.000Z', lastSavedAt: '2026-11-24T09:40:00.000Z' },
      { questionId: Q1, number: 1, saves: 3, timeMs: 12 * 60_000, firstSavedAt: '2026-11-24T09:05:00.000Z', lastSavedAt: '2026-11-24T09:12:00.000Z' },
    ],
    outcomeHistory: [{ outcome: 'keep', note: null, by: TEACHER, at: '2026-11-24T10:02:00.000Z' }],
  };
}

export function sampleQueue(names: string[] = ['Zoë Ångström', '=HYPERLINK("http://x.test","click")']): ReviewQueue {
  return {
    exam: { id: '88888888-8888-4888-8888-888888888888', title: 'Géographie – Übung', waitsForReview: true },
    summary: { attempts: names.length, clear: 0, needsReview: 1, confirmed: names.length - 1, held: names.length },
    items: names.map((name, i) => ({
      attemptId: `9999999${i}-9999-4999-8999-999999999999`,
      student: { id: `aaaaaaa${i}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`, name, section: i % 2 ? null : 'A' },
      status: 'submitted',
      submitReason: i ? 'violations' : 'student',
      integrityState: i ? 'confirmed' : 'needs_review',
      outcome: i ? 'withhold' : null,
      flags: 3 - i,
      undecided: i ? 0 : 2,
      confirmed: i,
      hold: i ? 'withheld' : 'under_review',
    })),
  };
}
