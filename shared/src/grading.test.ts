import { describe, expect, it } from 'vitest';
import {
  autoGrade,
  hasPassed,
  itemAnalysis,
  percentageOf,
  percentileRank,
  classifyAnswer,
  resultMessage,
  scoreBucket,
  submissionDisplayStatus,
  performanceLabel,
  type AttemptMarks,
  type ItemInput,
} from './grading';

const mc = { type: 'multiple-choice' as const, points: 2, correctAnswer: 'Four', acceptedAnswers: [] };
const blank = { type: 'fill-blank' as const, points: 1, correctAnswer: 'Nile', acceptedAnswers: ['Nile', 'River Nile'] };
const essay = { type: 'essay' as const, points: 5, correctAnswer: '', acceptedAnswers: [] };

describe('automatic grading', () => {
  it('marks a choice against the key', () => {
    expect(autoGrade(mc, 'Four')).toEqual({ marks: 2, isCorrect: true, status: 'correct' });
    expect(autoGrade(mc, 'Three')).toEqual({ marks: 0, isCorrect: false, status: 'incorrect' });
    expect(autoGrade({ ...mc, type: 'true-false', correctAnswer: 'True' }, 'True').status).toBe('correct');
  });

  it('accepts any of several answers for a blank, ignoring case and surrounding spaces', () => {
    expect(autoGrade(blank, '  river   NILE ').status).toBe('correct');
    expect(autoGrade(blank, 'nile').status).toBe('correct');
    expect(autoGrade(blank, 'Amazon').status).toBe('incorrect');
    expect(autoGrade({ ...blank, acceptedAnswers: [] }, 'NILE').status).toBe('correct');
  });

  it('treats an empty answer as skipped, and an answered essay as pending', () => {
    expect(autoGrade(mc, null)).toEqual({ marks: 0, isCorrect: false, status: 'skipped' });
    expect(autoGrade(blank, '   ').status).toBe('skipped');
    expect(autoGrade(essay, '')).toEqual({ marks: 0, isCorrect: false, status: 'skipped' });
    expect(autoGrade(essay, 'Rivers flow downhill.')).toEqual({ marks: null, isCorrect: null, status: 'pending' });
  });

  it('leaves a blank created without a key for the teacher', () => {
    expect(autoGrade({ ...blank, correctAnswer: '', acceptedAnswers: [] }, 'Nile')).toEqual({ marks: null, isCorrect: null, status: 'pending' });
  });

  it('rounds the percentage over the exam maximum and passes at passingMarks percent', () => {
    expect(percentageOf(2, 3)).toBe(67);
    expect(percentageOf(0, 0)).toBe(0);
    expect(hasPassed(60, 60)).toBe(true);
    expect(hasPassed(59, 60)).toBe(false);
  });
});

describe('answer classification and labels', () => {
  it('full marks are correct, some marks partially correct, none incorrect', () => {
    expect(classifyAnswer({ answered: true, marks: 5, points: 5 })).toBe('correct');
    expect(classifyAnswer({ answered: true, marks: 3, points: 5 })).toBe('partial');
    expect(classifyAnswer({ answered: true, marks: 0.5, points: 1 })).toBe('partial');
    expect(classifyAnswer({ answered: true, marks: 0, points: 5 })).toBe('incorrect');
  });
  it('an unmarked answer waits for a teacher; a blank one is skipped unless a teacher marked it', () => {
    expect(classifyAnswer({ answered: true, marks: null, points: 5 })).toBe('pending');
    expect(classifyAnswer({ answered: false, marks: null, points: 5 })).toBe('skipped');
    expect(classifyAnswer({ answered: false, marks: 0, points: 5 })).toBe('skipped');
    expect(classifyAnswer({ answered: false, marks: 2, points: 5, markedByTeacher: true })).toBe('partial');
  });
  it('performance labels', () => {
    expect([90, 80, 70, 60, 59].map((p) => performanceLabel(p))).toEqual(['Excellent', 'Good', 'Average', 'Below Average', 'Needs Improvement']);
  });
  it('result messages change at 90, 80, 70, 60 and 50', () => {
    const msgs = [95, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45].map(resultMessage);
    expect(new Set(msgs).size).toBe(6);
    expect(resultMessage(90)).not.toBe(resultMessage(89));
    expect(resultMessage(50)).not.toBe(resultMessage(49));
  });
  it('score distribution buckets', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map(scoreBucket)).toEqual(['90-100', '90-100', '80-89', '80-89', '70-79', '70-79', '60-69', '60-69', '0-59', '0-59']);
  });
});

describe('percentile and status', () => {
  it('ranks a score among all of the exam’s scores', () => {
    const all = [50, 60, 60, 80];
    expect(percentileRank(60, all)).toBe(50);
    expect(percentileRank(80, all)).toBe(88);
    expect(percentileRank(50, all)).toBe(13);
  });
  it('reads In Progress, Reviewing, Passed, Failed', () => {
    expect(submissionDisplayStatus({ isSubmitted: false, isGraded: false, isPassed: null })).toBe('In Progress');
    expect(submissionDisplayStatus({ isSubmitted: true, isGraded: false, isPassed: null })).toBe('Reviewing');
    expect(submissionDisplayStatus({ isSubmitted: true, isGraded: true, isPassed: true })).toBe('Passed');
    expect(submissionDisplayStatus({ isSubmitted: true, isGraded: true, isPassed: false })).toBe('Failed');
  });
  it('reads a submission with no outcome yet (isPassed null) as Reviewing, never Failed', () => {
    expect(submissionDisplayStatus({ isSubmitted: true, isGraded: true, isPassed: null })).toBe('Reviewing');
  });
});

describe('item analysis against a hand-computed example', () => {
  // Five students, three right/wrong items of one point each:
  //   A1 1 1 1 (3)   A2 1 1 0 (2)   A3 1 0 1 (2)   A4 0 1 0 (1)   A5 0 0 0 (0)
  // Facility .6 .6 .4; 27 % of 5 rounds to 1 student per group (A1 vs A5), so discrimination is 1.
  // KR-20 = 3/2 · (1 − 3·0.24 / 1.04) = 0.4615…
  const items: ItemInput[] = ['q1', 'q2', 'q3'].map((questionId) => ({ questionId, points: 1, type: 'multiple-choice', options: ['Right', 'Wrong'] }));
  const row = (m: number[]): AttemptMarks => ({
    total: m.reduce((a, b) => a + b, 0),
    marks: { q1: m[0]!, q2: m[1]!, q3: m[2]! },
    answers: { q1: m[0] ? 'Right' : 'Wrong', q2: m[1] ? 'Right' : 'Wrong', q3: m[2] ? 'Right' : null },
  });
  const attempts = [row([1, 1, 1]), row([1, 1, 0]), row([1, 0, 1]), row([0, 1, 0]), row([0, 0, 0])];

  it('computes facility, discrimination, option counts and KR-20', () => {
    const result = itemAnalysis(items, attempts);
    expect(result.items.map((i) => i.facility)).toEqual([0.6, 0.6, 0.4]);
    expect(result.items.map((i) => i.discrimination)).toEqual([1, 1, 1]);
    expect(result.items[0]!.optionCounts).toEqual({ Right: 3, Wrong: 2 });
    expect(result.items[2]!.optionCounts).toEqual({ Right: 2, Wrong: 0 });
    expect(result.reliability).toBe(0.462);
    expect(result.method).toBe('KR-20');
  });

  it('reports no reliability with too few attempts, and an essay’s average marks', () => {
    const withEssay: ItemInput[] = [...items, { questionId: 'e', points: 5, type: 'essay', options: [] }];
    const few = attempts.slice(0, 3).map((a, i) => ({ ...a, marks: { ...a.marks, e: [5, 3, null][i] ?? null } }));
    const result = itemAnalysis(withEssay, few);
    expect(result.reliability).toBeNull();
    expect(result.items[3]).toMatchObject({ averageMarks: 4, facility: 0.8, graded: 2, optionCounts: null });
  });
});
