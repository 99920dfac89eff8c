import type { Submission, SubmissionAnswer, SubmissionDetail } from '@exam/shared';

/** A graded, released submission as the API presents it, with the fields a test cares about overridden. */
export function buildSubmission(overrides: Partial<Submission> = {}): Submission {
  return {
    _id: 's1',
    examId: 'e1',
    exam: { _id: 'e1', title: 'Photosynthesis Quiz', subject: 'science' },
    student: { _id: 'u1', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', avatar: null },
    attemptNumber: 1,
    status: 'graded',
    displayStatus: 'Passed',
    isSubmitted: true,
    isGraded: true,
    resultsReleased: true,
    integrityHold: null,
    integrityState: null,
    isPassed: true,
    score: 9,
    marksObtained: 9,
    totalMarks: 10,
    percentage: 90,
    grade: null,
    letterGrade: null,
    totalQuestions: 2,
    correctAnswers: 2,
    partialAnswers: 0,
    incorrectAnswers: 0,
    skippedAnswers: 0,
    pendingAnswers: 0,
    passingMarks: 50,
    timeSpent: 754,
    timeTaken: 13,
    startedAt: '2026-03-01T09:00:00.000Z',
    submittedAt: '2026-03-01T09:12:34.000Z',
    gradedAt: '2026-03-01T10:00:00.000Z',
    submitReason: 'student',
    securityFlags: { tabSwitches: 1, fullscreenExited: 0, warningsReceived: 1 },
    percentile: 75,
    rank: 1,
    ...overrides,
  };
}

export const QID = {
  mc: '5f0c6f1e-0000-4000-8000-00000000000a',
  essay: '5f0c6f1e-0000-4000-8000-00000000000b',
};

export function buildAnswer(overrides: Partial<SubmissionAnswer> = {}): SubmissionAnswer {
  return {
    index: 1,
    questionId: QID.mc,
    question: 'What is $6 \\times 7$?',
    text: 'What is $6 \\times 7$?',
    type: 'multiple-choice',
    points: 5,
    options: ['42', '36'],
    userAnswer: '42',
    marks: 5,
    isCorrect: true,
    partiallyCorrect: false,
    status: 'correct',
    feedback: null,
    gradedAt: null,
    ...overrides,
  };
}

export const essayAnswer = (overrides: Partial<SubmissionAnswer> = {}) =>
  buildAnswer({
    index: 2,
    questionId: QID.essay,
    question: 'Explain photosynthesis.',
    text: 'Explain photosynthesis.',
    type: 'essay',
    options: [],
    userAnswer: 'Plants turn light into sugar.',
    marks: null,
    isCorrect: null,
    status: 'pending',
    ...overrides,
  });

export function buildDetail(submission: Partial<Submission> = {}, answers: SubmissionAnswer[] = [buildAnswer(), essayAnswer({ marks: 4, status: 'incorrect', isCorrect: false })], extra: Partial<SubmissionDetail['submission']> = {}): SubmissionDetail {
  return { submission: { ...buildSubmission(submission), answers, showCorrectAnswers: false, ...extra } };
}
