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

  it('disables Already Attempted without multiple attempts', () => {
    const a = studentCardAction(exam({ userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2 } }), NOW);
    expect(a).toMatchObject({ label: 'Already Attempted', disabled: true });
  });

  it('says Max Attempts Reached when the count reaches the maximum', () => {
    const a = studentCardAction(exam({ settings: { allowMultipleAttempts: true, maxAttempts: 2 }, userAttempts: { hasAttempted: true, attemptCount: 2, nextAttemptNumber: 3 } }), NOW);
    expect(a).toMatchObject({ label: 'Max Attempts Reached', disabled: true });
  });

  it('disables Not Started with the countdown before the start', () => {
    const a = studentCardAction(exam({ start: NOW + 2 * H, end: NOW + 4 * H }), NOW);
    expect(a).toMatchObject({ kind: 'not-started', disabled: true, label: 'Not Started · Starts in 2 h' });
  });

  it('offers View Results once the exam is completed', () => {
    expect(studentCardAction(exam({ start: NOW - 4 * H, end: NOW - H }), NOW)).toMatchObject({ label: 'View Results', to: '/exam/e1/result' });
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
