import type { Question } from '@exam/shared';
import { draftToInput, emptyDraft, type QuestionDraft } from '../exams/wizard/questionDraft';

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

/** The editor's form for a stored question; fields the editor does not show keep their defaults. */
export function draftFromQuestion(q: Question): QuestionDraft {
  const choices = q.options.map((o) => o.text);
  return {
    ...emptyDraft(q.type),
    text: q.text,
    points: q.points,
    options: choices.length >= 2 ? choices : emptyDraft(q.type).options,
    correctAnswer: q.type === 'multiple-choice' || q.type === 'true-false' ? q.correctAnswer : '',
    acceptedAnswers: q.acceptedAnswers.join('\n'),
    sampleAnswer: q.sampleAnswer,
    explanation: q.explanation,
    topic: q.topic,
    difficulty: q.difficulty,
  };
}

/**
 * The edited question: what the editor holds over what is stored, so the keys of types the
 * editor does not cover yet (matching pairs, numeric ranges) are kept rather than wiped.
 */
export function editedBody(q: Question, draft: QuestionDraft): Record<string, unknown> {
  return { ...questionBody(q), ...draftToInput(draft, q.subject) };
}
