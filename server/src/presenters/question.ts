import { can, type Viewer } from '../policies';
import type { Rubric } from '@exam/shared';
import { EMPTY_SCORING, matchingChoicesForStudents, type Difficulty, type GradableQuestion, type Question, type QuestionOptionValue, type QuestionScoring, type QuestionType, type StudentQuestion } from '@exam/shared';

export interface QuestionRow {
  id: string;
  owner_id: string;
  text: string;
  type: QuestionType;
  subject: string;
  topic: string;
  difficulty: Difficulty;
  points: number;
  options: QuestionOptionValue[];
  correct_answer: string;
  accepted_answers: string[];
  sample_answer: string;
  explanation: string;
  image: string;
  /** Partial-credit keys (numerical, short answer, matching); {} for the other types. */
  scoring: Partial<QuestionScoring>;
  tags: string[];
  shared: boolean;
  /** Essays only: the rubric it is marked with (shared/src/rubrics.ts). */
  rubric: Rubric | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The whole question, answer key included: for those who may read it (its owner, admins, and every
 * teacher when it is shared); `canEdit` tells the screen whether this viewer may change it.
 */
export function presentQuestion(row: QuestionRow, viewer: Viewer): Question {
  return {
    canEdit: can(viewer, 'update', 'question', row),
    _id: row.id,
    text: row.text,
    question: row.text,
    type: row.type,
    subject: row.subject,
    topic: row.topic,
    difficulty: row.difficulty,
    points: row.points,
    marks: row.points,
    options: row.options,
    correctAnswer: row.correct_answer,
    acceptedAnswers: row.accepted_answers,
    sampleAnswer: row.sample_answer,
    explanation: row.explanation,
    image: row.image || null,
    ...scoringOf(row),
    rubric: row.rubric ?? null,
    tags: row.tags ?? [],
    shared: !!row.shared,
    createdBy: row.owner_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What a student sitting the exam may see: the question and the option texts, no key, no flags. */
export function presentQuestionForStudent(row: QuestionRow, optionOrder?: number[]): StudentQuestion {
  const scoring = scoringOf(row);
  const texts = row.type === 'matching' ? matchingChoicesForStudents(scoring.pairs, scoring.distractors) : row.options.map((o) => o.text);
  const stems = row.type === 'matching' ? { stems: scoring.pairs.map((p) => p.stem) } : {};
  return {
    ...stems,
    _id: row.id,
    text: row.text,
    question: row.text,
    type: row.type,
    points: row.points,
    marks: row.points,
    options: optionOrder ? optionOrder.map((i) => texts[i]!) : texts,
    image: row.image || null,
  };
}

/** A stored question's partial-credit keys, every field present. */
export function scoringOf(row: Pick<QuestionRow, 'scoring'>): QuestionScoring {
  return { ...EMPTY_SCORING, ...(row.scoring ?? {}) };
}

/** What grading reads of a stored question. */
export function gradableOf(row: Pick<QuestionRow, 'type' | 'points' | 'correct_answer' | 'accepted_answers' | 'options' | 'scoring'>): GradableQuestion {
  return { type: row.type, points: row.points, correctAnswer: row.correct_answer, acceptedAnswers: row.accepted_answers, options: row.options, ...scoringOf(row) };
}
