import { z } from 'zod';
import type { QuestionType } from './exams';
import { MARKING_MSG, type Rubric, type RubricAssessment } from './rubrics';

/**
 * Marking a whole class by question (issue 55): one question, every submitted attempt's answer to
 * it in turn. Saving goes through the one grading call (PUT /submissions/{id}/grade) with each
 * answer's `version`, so two teachers marking at once never overwrite each other.
 */

/** One question a teacher marks by hand, with how many of its answers are left (GET /exams/{id}/marking). */
export interface MarkingQuestionSummary {
  questionId: string;
  /** 1-based position in the exam. */
  index: number;
  text: string;
  type: QuestionType;
  points: number;
  hasRubric: boolean;
  /** Submitted attempts that answered it (blank answers included). */
  answers: number;
  /** Answers a teacher has marked. */
  marked: number;
  /** Answers still waiting for marks. */
  left: number;
}

export interface MarkingOverview {
  exam: { id: string; title: string; anonymousMarking: boolean };
  /** Essays, and any other question with answers waiting for a teacher, in the exam's order. */
  questions: MarkingQuestionSummary[];
}

export type MarkingAnswerStatus = 'pending' | 'marked' | 'blank';

/** One attempt's answer to the question being marked. */
export interface MarkingAnswer {
  attemptId: string;
  /** 1-based, stable for the exam: with anonymous marking a shuffled order (by attempt id), else by student name. */
  position: number;
  /** Null when the exam is marked anonymously: the server never sends the name then. */
  studentName: string | null;
  answer: string | null;
  marks: number | null;
  feedback: string | null;
  rubricAssessment: RubricAssessment | null;
  /** Send it back with the grade: a save against an older version is refused (409). */
  markVersion: number;
  status: MarkingAnswerStatus;
  /** Who marked it last (a teacher's name), null for automatic marks or none. */
  markedBy: string | null;
  markedAt: string | null;
}

/** GET /exams/{id}/marking/questions/{questionId}. */
export interface QuestionMarking {
  exam: { id: string; title: string; anonymousMarking: boolean };
  question: {
    questionId: string;
    index: number;
    text: string;
    type: QuestionType;
    points: number;
    rubric: Rubric | null;
    sampleAnswer: string | null;
  };
  answers: MarkingAnswer[];
  /** Answers still waiting for marks. */
  left: number;
}

/** A comment a teacher saved to insert while marking (GET /marking-comments: most used first). */
export interface MarkingComment {
  id: string;
  text: string;
  useCount: number;
  lastUsedAt: string | null;
  createdAt: string;
}

export const MARKING_COMMENT_MAX = 2000;
/** A teacher's comment bank holds at most this many. */
export const MARKING_COMMENTS_PER_TEACHER = 500;

/** POST /marking-comments, PUT /marking-comments/{id}. */
export const markingCommentInputSchema = z.object({
  text: z
    .string({ error: MARKING_MSG.commentRequired })
    .trim()
    .min(1, MARKING_MSG.commentRequired)
    .max(MARKING_COMMENT_MAX, MARKING_MSG.commentTooLong),
});
export type MarkingCommentInput = z.output<typeof markingCommentInputSchema>;
