import type { MarkingAnswer, QuestionMarking, Rubric } from '@exam/shared';
import { QID } from '../../../results/test/buildSubmission';

export const EXAM = { id: 'e1', title: 'Photosynthesis Quiz', anonymousMarking: false };

export function markingAnswer(overrides: Partial<MarkingAnswer> = {}): MarkingAnswer {
  return {
    attemptId: 'a1',
    position: 1,
    studentName: 'Asha Rao',
    answer: 'Plants turn light\ninto sugar.',
    marks: null,
    feedback: null,
    rubricAssessment: null,
    markVersion: 0,
    status: 'pending',
    markedBy: null,
    markedAt: null,
    ...overrides,
  };
}

export const RUBRIC: Rubric = {
  criteria: [
    {
      id: 'content',
      title: 'Content',
      description: '',
      levels: [
        { id: 'c0', title: 'Missing', description: '', points: 0 },
        { id: 'c1', title: 'Partial', description: '', points: 2 },
        { id: 'c2', title: 'Complete', description: '', points: 3 },
      ],
    },
    {
      id: 'style',
      title: 'Style',
      description: '',
      levels: [
        { id: 's0', title: 'Unclear', description: '', points: 0 },
        { id: 's1', title: 'Clear', description: '', points: 1 },
        { id: 's2', title: 'Polished', description: '', points: 2 },
      ],
    },
  ],
};

/** Three answers to the essay: Asha's and Cara's wait for marks, Ben's is marked. */
export function questionMarking(overrides: Partial<QuestionMarking> = {}, answers?: MarkingAnswer[]): QuestionMarking {
  const list = answers ?? [
    markingAnswer(),
    markingAnswer({ attemptId: 'a2', position: 2, studentName: 'Ben Ode', answer: 'Chlorophyll absorbs light.', marks: 4, feedback: 'Good.', status: 'marked', markVersion: 1, markedBy: 'Ms Lim' }),
    markingAnswer({ attemptId: 'a3', position: 3, studentName: 'Cara Lim', answer: 'Sugar from sunlight.' }),
  ];
  return {
    exam: EXAM,
    question: { questionId: QID.essay, index: 2, text: 'Explain photosynthesis.', type: 'essay', points: 5, rubric: null, sampleAnswer: 'Light energy makes glucose.' },
    answers: list,
    left: list.filter((a) => a.status === 'pending').length,
    ...overrides,
  };
}
