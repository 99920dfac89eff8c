import type { Question } from '@exam/shared';
import { draftToInput, type QuestionDraft } from '../exams/wizard/questionDraft';

/**
 * The whole question as PUT /questions/:id takes it. PUT replaces the question, so a change of
 * tags or sharing sends every other field back as it was.
 */
export function questionBody(q: Question, change: Partial<Pick<Question, 'tags' | 'shared'>> = {}): Record<string, unknown> {
  return {
    text: q.text,
    type: q.type,
    subject: q.subject,
    topic: q.topic,
    difficulty: q.difficulty,
    points: q.points,
    options: q.options,
    correctAnswer: q.type === 'fill-blank' ? q.acceptedAnswers : q.correctAnswer,
    sampleAnswer: q.sampleAnswer,
    rubric: q.type === 'essay' ? (q.rubric ?? null) : null,
    explanation: q.explanation,
    image: q.image ?? '',
    numericAnswers: q.numericAnswers,
    shortAnswers: q.shortAnswers,
    caseSensitive: q.caseSensitive,
    pairs: q.pairs,
    distractors: q.distractors,
    tags: q.tags,
    shared: q.shared,
    ...change,
  };
}

/**
 * The edited question: what the editor holds over what is stored, so what the editor does not
 * show (the picture, tags, sharing) is kept rather than wiped.
 */
export function editedBody(q: Question, draft: QuestionDraft): Record<string, unknown> {
  return { ...questionBody(q), ...draftToInput(draft, q.subject) };
}
