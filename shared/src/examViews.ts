import type { ExamTimeStatus } from './examTime';
import type { MatchPair, NumericAnswer, ShortAnswer } from './questionKeys';
import type { ExamRole } from './examStaff';
import type { Difficulty, ExamSettings, ExamType, QuestionOptionValue, QuestionType } from './exams';
import type { Rubric } from './rubrics';

/** A student's attempts at an exam, as the exam reports them to that student. */
export interface ExamAttemptsOfViewer {
  hasAttempted: boolean;
  attemptCount: number;
  nextAttemptNumber: number;
  inProgress?: boolean;
  lastSubmissionId?: string | null;
}

/** An exam as every exam call answers it (server/src/presenters/exam.ts). */
export interface Exam {
  _id: string;
  title: string;
  subject: string;
  description: string;
  grade: number;
  duration: number;
  passingMarks: number;
  totalMarks: number;
  maxScore: number;
  examType: ExamType;
  difficulty: Difficulty;
  instructions: string;
  schedule: { startDate: string; endDate: string; timezone: string };
  startTime: string;
  endTime: string;
  status: ExamTimeStatus;
  settings: ExamSettings;
  /** Empty but for the people who manage the exam. */
  eligibleStudents: string[];
  tags: string[];
  isPublished: boolean;
  isActive: boolean;
  publishedAt: string | null;
  totalQuestions: number;
  /** Only for the owner and admins: whether any student has attempted it (questions frozen). */
  hasAttempts?: boolean;
  createdAt: string;
  updatedAt: string;
  createdBy: { _id: string; firstName: string; lastName: string };
  /** Students only. */
  userAttempts: ExamAttemptsOfViewer | null;
  /** Parents only: their accepted children the exam is meant for (the card links to the first one's progress). */
  forChildren?: string[];
  /** The exam is the viewer's own, or a teacher was added to its hall as proctor, reviewer or both ('staff'); absent for everyone else. */
  myRole?: ExamRole;
  /** A teacher added to its hall who marks its answers (issue 55); absent for the owner and everyone else. */
  myMarks?: boolean;
}

/** An exam in a list: its question ids in order (the questions themselves are served elsewhere). */
export interface ExamListItem extends Exam {
  questions: string[];
}

/** GET /exams/{id}: for the owner or an admin, the questions with their keys. */
export interface ExamDetail extends Exam {
  questions?: Question[];
}

/** A bank question with its answer key, for its owner and admins (server/src/presenters/question.ts). */
export interface Question {
  _id: string;
  text: string;
  /** The same text under the name older clients read. */
  question: string;
  type: QuestionType;
  subject: string;
  topic: string;
  difficulty: Difficulty;
  points: number;
  /** The same value as points, under the name older clients read. */
  marks: number;
  options: QuestionOptionValue[];
  correctAnswer: string;
  acceptedAnswers: string[];
  sampleAnswer: string;
  explanation: string;
  image: string | null;
  /** Numerical: the accepted values or ranges with their credit. */
  numericAnswers: NumericAnswer[];
  /** Short answer: the accepted answers with their credit. */
  shortAnswers: ShortAnswer[];
  caseSensitive: boolean;
  /** Matching: each stem with its answer. */
  pairs: MatchPair[];
  /** Matching: answers that belong to no stem. */
  distractors: string[];
  /** Essays only: the question's own copy of the rubric it is marked with, or null. */
  rubric: Rubric | null;
  tags: string[];
  /** Offered to every teacher of the school. */
  shared: boolean;
  /** Whether the caller may edit, tag, share or delete it (its owner and admins). */
  canEdit?: boolean;
  createdBy: string;
  createdAt: string;
}

/** A question as a student sitting the exam sees it: the option texts in their order, no key. */
export interface StudentQuestion {
  _id: string;
  text: string;
  question: string;
  type: QuestionType;
  points: number;
  marks: number;
  /** The option texts in the student's order; for matching, the answers to choose from. */
  options: string[];
  /** Matching: the stems, each to be given one of the options. */
  stems?: string[];
  image: string | null;
}

/** The counts beside GET /exams, over every exam the viewer may see. */
export interface ExamListStats {
  total: number;
  upcoming: number;
  ongoing: number;
  completed: number;
  published: number;
  draft: number;
}

export interface ExamPage {
  exams: ExamListItem[];
  currentPage: number;
  total: number;
  totalPages: number;
  stats: ExamListStats;
}

export interface QuestionPage {
  questions: Question[];
  currentPage: number;
  total: number;
  totalPages: number;
}
