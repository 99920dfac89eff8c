import { describe, expect, it } from 'vitest';
import { studentCardAction, teacherCardActions, type CardExam } from './cardActions';

const NOW = Date.parse('2026-05-01T10:00:00Z');
const H = 3600_000;
const exam = (over: Partial<CardExam> & { start?: number; end?: number } = {}): CardExam => ({
  _id: 'e1',
  isPublished: true,
  schedule: { startDate: new Date(over.start ?? NOW - H).toISOString(), endDate: new Date(over.end ?? NOW + H).toISOString() },
  settings: { allowMultipleAttempts: false, maxAttempts: 1, ...over.settings },
  userAttempts: over.userAttempts ?? { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1 },
  ...(over.isPublished === undefined ? {} : { isPublished: over.isPublished }),
});

describe('student card action', () => {
  it('offers Take Exam on an ongoing exam not yet attempted', () => {
    expect(studentCardAction(exam(), NOW)).toMatchObject({ label: 'Take Exam', disabled: false, to: '/exam/e1' });
  });

  it('offers Attempt N when more attempts are allowed', () => {
    const a = studentCardAction(exam({ settings: { allowMultipleAttempts: true, maxAttempts: 3 }, userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2 } }), NOW);
    expect(a).toMatchObject({ label: 'Attempt 2', disabled: false });
  });

  it('offers View Result, opening that submission, once the only attempt is used', () => {
    const a = studentCardAction(exam({ userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, lastSubmissionId: 's9' } }), NOW);
    expect(a).toMatchObject({ kind: 'view-result', label: 'View Result', to: '/exam-result/s9', disabled: false });
  });

  it('offers View Result once the count reaches the maximum', () => {
    const a = studentCardAction(
      exam({ settings: { allowMultipleAttempts: true, maxAttempts: 2 }, userAttempts: { hasAttempted: true, attemptCount: 2, nextAttemptNumber: 3, lastSubmissionId: 's2' } }),
      NOW,
    );
    expect(a).toMatchObject({ label: 'View Result', to: '/exam-result/s2', disabled: false });
  });

  it('falls back to the exam’s latest-result page when the submission is not named', () => {
    const a = studentCardAction(exam({ userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2 } }), NOW);
    expect(a).toMatchObject({ label: 'View Result', to: '/exam/e1/result' });
  });

  it('disables Not Started with the countdown before the start', () => {
    const a = studentCardAction(exam({ start: NOW + 2 * H, end: NOW + 4 * H }), NOW);
    expect(a).toMatchObject({ kind: 'not-started', disabled: true, label: 'Not Started · Starts in 2 h' });
  });

  it('offers View Result once a sat exam is completed', () => {
    const sat = { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, lastSubmissionId: 's1' };
    expect(studentCardAction(exam({ start: NOW - 4 * H, end: NOW - H, userAttempts: sat }), NOW)).toMatchObject({ label: 'View Result', to: '/exam-result/s1' });
  });

  it('offers no results on a completed exam the student never sat', () => {
    const a = studentCardAction(exam({ start: NOW - 4 * H, end: NOW - H }), NOW);
    expect(a).toMatchObject({ kind: 'not-attempted', label: 'Not Attempted', disabled: true });
    expect(a.to).toBeUndefined();
  });

  it('offers Resume Exam while an attempt is in progress', () => {
    const a = studentCardAction(exam({ userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, inProgress: true } }), NOW);
    expect(a).toMatchObject({ label: 'Resume Exam', disabled: false });
  });
});

describe('teacher card actions', () => {
  const labels = (e: CardExam) => teacherCardActions(e, NOW).map((a) => a.label);
  it('offers Publish only while unpublished and Delete only while upcoming', () => {
    expect(labels(exam({ isPublished: false, start: NOW + H, end: NOW + 2 * H }))).toEqual(['Edit', 'Questions', 'Submissions', 'Results', 'Publish', 'Delete']);
    expect(labels(exam({ isPublished: true }))).toEqual(['Edit', 'Questions', 'Submissions', 'Results']);
  });
});
