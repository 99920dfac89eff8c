import type { Difficulty, ExamSettings, ExamType, QuestionOptionValue, QuestionType } from '@exam/shared';

/** The exam as the server presents it (server/src/presenters/exam.ts). */
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
  status: 'upcoming' | 'ongoing' | 'completed' | 'unknown';
  settings: ExamSettings;
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
  userAttempts: { hasAttempted: boolean; attemptCount: number; nextAttemptNumber: number; inProgress?: boolean; lastSubmissionId?: string | null } | null;
  /** Parents only: their accepted children the exam is meant for (the card links to the first one's progress). */
  forChildren?: string[];
  /** GET /exams/{id} for the owner or an admin: the questions with their keys. */
  questions?: Question[];
}

/** A bank question with its answer key (server/src/presenters/question.ts). */
export interface Question {
  _id: string;
  text: string;
  type: QuestionType;
  subject: string;
  topic: string;
  difficulty: Difficulty;
  points: number;
  options: QuestionOptionValue[];
  correctAnswer: string;
  acceptedAnswers: string[];
  sampleAnswer: string;
  explanation: string;
  image: string | null;
  createdAt: string;
}

export interface ExamStats {
  total: number;
  upcoming: number;
  ongoing: number;
  completed: number;
  published: number;
  draft: number;
}

export interface ExamPage {
  exams: Exam[];
  currentPage: number;
  total: number;
  totalPages: number;
  stats: ExamStats;
}

export interface QuestionPage {
  questions: Question[];
  currentPage: number;
  total: number;
  totalPages: number;
}

/** GET /exams query, as the screens hold it (empty strings mean "any"). */
export interface ExamListParams {
  page?: number;
  limit?: number;
  sort?: string;
  subject?: string;
  grade?: string;
  difficulty?: string;
  status?: string;
  search?: string;
  published?: 'true' | 'false' | '';
}

export interface QuestionListParams {
  page?: number;
  limit?: number;
  subject?: string;
  type?: string;
  difficulty?: string;
  topic?: string;
  search?: string;
  excludeExam?: string;
}
