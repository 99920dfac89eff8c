import type { Difficulty, Question, QuestionOptionValue, QuestionType, StudentQuestion } from '@exam/shared';

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
  created_at: Date;
  updated_at: Date;
}

/** The whole question, answer key included: for its owner and admins only. */
export function presentQuestion(row: QuestionRow): Question {
  return {
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
    createdBy: row.owner_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What a student sitting the exam may see: the question and the option texts, no key, no flags. */
export function presentQuestionForStudent(row: QuestionRow, optionOrder?: number[]): StudentQuestion {
  const texts = row.options.map((o) => o.text);
  return {
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
