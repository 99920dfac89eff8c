import { TRUE_FALSE_OPTIONS, questionInputSchema, type Difficulty, type QuestionInput, type QuestionType } from '@exam/shared';
import type { FormErrors } from '@mantine/form';
import { issuesToFormErrors } from '../../../lib/zodForm';

/** A question as the wizard's editor holds it, before the shared schema normalises it. */
export interface QuestionDraft {
  type: QuestionType;
  text: string;
  points: number | string;
  /** Multiple-choice option texts; true/false uses the fixed pair instead. */
  options: string[];
  /** The correct option's text (multiple-choice, true/false). */
  correctAnswer: string;
  /** Fill-blank: one accepted answer per line. */
  acceptedAnswers: string;
  sampleAnswer: string;
  explanation: string;
  topic: string;
  difficulty: Difficulty;
}

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
const INITIAL_OPTIONS = 4;

/** Points 1, four blank options. */
export function emptyDraft(type: QuestionType = 'multiple-choice'): QuestionDraft {
  return {
    type,
    text: '',
    points: 1,
    options: Array.from({ length: INITIAL_OPTIONS }, () => ''),
    correctAnswer: '',
    acceptedAnswers: '',
    sampleAnswer: '',
    explanation: '',
    topic: '',
    difficulty: 'medium',
  };
}

/** The options the correct answer may be chosen from: the non-empty ones, or True/False. */
export function answerChoices(draft: Pick<QuestionDraft, 'type' | 'options'>): string[] {
  if (draft.type === 'true-false') return [...TRUE_FALSE_OPTIONS];
  if (draft.type !== 'multiple-choice') return [];
  return [...new Set(draft.options.map((o) => o.trim()).filter(Boolean))];
}

/** Removes one option, never below two; a correct answer that went away is cleared. */
export function removeOption(draft: QuestionDraft, index: number): QuestionDraft {
  if (draft.options.length <= MIN_OPTIONS) return draft;
  const options = draft.options.filter((_, i) => i !== index);
  const stillThere = options.some((o) => o.trim() === draft.correctAnswer);
  return { ...draft, options, correctAnswer: stillThere ? draft.correctAnswer : '' };
}

/** Editing an option's text can orphan the correct answer: clear it rather than keep a stale one. */
export function setOption(draft: QuestionDraft, index: number, text: string): QuestionDraft {
  const options = draft.options.map((o, i) => (i === index ? text : o));
  const stillThere = options.some((o) => o.trim() === draft.correctAnswer);
  return { ...draft, options, correctAnswer: stillThere ? draft.correctAnswer : '' };
}

/** Switching type keeps the shared fields and resets the answer, which means something else now. */
export function changeType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  const options = draft.options.length >= MIN_OPTIONS ? draft.options : emptyDraft().options;
  return { ...draft, type, options, correctAnswer: '' };
}

/** The wire shape of one question in POST /exams `questions[]`, parsed there by questionInputSchema. */
export function draftToInput(draft: QuestionDraft, subject: string): Record<string, unknown> {
  const common = {
    text: draft.text,
    type: draft.type,
    subject,
    topic: draft.topic,
    difficulty: draft.difficulty,
    points: draft.points,
    explanation: draft.explanation,
  };
  switch (draft.type) {
    case 'multiple-choice':
      return { ...common, options: draft.options, correctAnswer: draft.correctAnswer };
    case 'true-false':
      return { ...common, options: [...TRUE_FALSE_OPTIONS], correctAnswer: draft.correctAnswer };
    case 'fill-blank':
      return { ...common, correctAnswer: acceptedAnswerList(draft.acceptedAnswers) };
    case 'essay':
      return { ...common, sampleAnswer: draft.sampleAnswer };
    default:
      return common;
  }
}

export function acceptedAnswerList(text: string): string[] {
  return text
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The question's errors by editor field (text, points, options, correctAnswer...), or none. */
export function validateDraft(draft: QuestionDraft, subject: string): FormErrors {
  const result = questionInputSchema.safeParse(draftToInput(draft, subject));
  if (result.success) return {};
  const errors = issuesToFormErrors(result.error.issues);
  // Fill-blank answers are edited in the "accepted answers" box.
  if (draft.type === 'fill-blank' && errors.correctAnswer) errors.acceptedAnswers = errors.correctAnswer;
  return errors;
}

/** The normalised question (options with their flags), for the review and the list. */
export function draftPreview(draft: QuestionDraft, subject: string): QuestionInput | null {
  const result = questionInputSchema.safeParse(draftToInput(draft, subject));
  return result.success ? result.data : null;
}
