import type { ImportPreviewItem, Question } from '@exam/shared';
import { QUESTION_EXTRAS } from '../../../test/questionExtras';

export const TEACHER_ID = 'u1';

export function bankQuestion(overrides: Partial<Question> & { _id: string }): Question {
  const text = overrides.text ?? 'What is $\\frac{1}{2} + \\frac{1}{4}$ as a fraction?';
  return {
    ...QUESTION_EXTRAS,
    text,
    question: text,
    type: 'multiple-choice',
    subject: 'mathematics',
    topic: '',
    difficulty: 'easy',
    points: 2,
    marks: 2,
    options: [
      { text: '$\\frac{3}{4}$', isCorrect: true },
      { text: '$\\frac{2}{6}$', isCorrect: false },
    ],
    correctAnswer: '$\\frac{3}{4}$',
    acceptedAnswers: [],
    sampleAnswer: '',
    explanation: '',
    image: null,
    createdBy: TEACHER_ID,
    createdAt: '2026-01-01T00:00:00.000Z',
    // As the server answers: its owner may change it, another teacher only read it.
    canEdit: (overrides.createdBy ?? TEACHER_ID) === TEACHER_ID,
    ...overrides,
  };
}

export const page = (questions: Question[], totalPages = 1) => ({
  success: true,
  data: { questions, currentPage: 1, total: questions.length, totalPages },
});

/** A dry run of a three-item file: one ready, one with a warning, one refused. */
export const DRY_RUN_ITEMS: ImportPreviewItem[] = [
  {
    index: 0,
    title: 'Halves and quarters',
    type: 'multiple-choice',
    status: 'ok',
    reason: '',
    source: 'line 1',
    preview: { _id: 'p0', text: 'Add $\\frac{1}{2}$ and $\\frac{1}{4}$', question: '', type: 'multiple-choice', points: 1, marks: 1, options: ['$\\frac{3}{4}$', '$\\frac{2}{6}$'], image: null },
  },
  {
    index: 1,
    title: 'Capitals',
    type: 'matching',
    status: 'warning',
    reason: 'Per-answer feedback was dropped',
    source: 'line 7',
    preview: { _id: 'p1', text: 'Match each country with its capital', question: '', type: 'matching', points: 1, marks: 1, options: ['Paris', 'Rome'], stems: ['France', 'Italy'], image: null },
  },
  {
    index: 2,
    title: 'Cloze passage',
    type: null,
    status: 'error',
    reason: 'Moodle Cloze (multianswer) questions have no equivalent here',
    source: 'line 15',
    preview: null,
  },
];
