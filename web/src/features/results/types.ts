import type { QuestionType, SubmitReason } from '@exam/shared';

/** Display status as the server words it; 'Submitted' when results are still hidden from the viewer. */
export type DisplayStatus = 'In Progress' | 'Reviewing' | 'Passed' | 'Failed' | 'Submitted';

/** One attempt as server/src/presenters/submission.ts presents it. Score fields are null while hidden. */
export interface Submission {
  _id: string;
  examId: string;
  exam: { _id: string; title: string; subject: string };
  /** email is null where the student keeps it private (privacy: showEmail). */
  student: { _id: string; firstName: string; lastName: string; email: string | null; avatar?: string | null };
  attemptNumber: number;
  status: 'in_progress' | 'submitted' | 'graded';
  displayStatus: DisplayStatus;
  isSubmitted: boolean;
  isGraded: boolean;
  resultsReleased: boolean;
  isPassed: boolean | null;
  score: number | null;
  totalMarks: number | null;
  percentage: number | null;
  totalQuestions: number;
  correctAnswers: number | null;
  /** Answers given some but not all of their points. */
  partialAnswers: number | null;
  incorrectAnswers: number | null;
  skippedAnswers: number | null;
  pendingAnswers: number;
  passingMarks: number;
  /** Seconds, from the server's clock. */
  timeSpent: number | null;
  /** Minutes. */
  timeTaken: number | null;
  startedAt: string | null;
  submittedAt: string | null;
  gradedAt: string | null;
  submitReason: SubmitReason | null;
  securityFlags: { tabSwitches: number; fullscreenExited: number; warningsReceived: number };
  /** Over all graded submissions of the exam, not one page. */
  percentile: number | null;
  rank: number | null;
}

/** 'submitted' means the answer was handed in but its marks are hidden from this viewer. */
export type AnswerStatus = 'correct' | 'partial' | 'incorrect' | 'pending' | 'skipped' | 'submitted';

export interface SubmissionAnswer {
  index: number;
  questionId: string;
  question: string;
  type: QuestionType;
  points: number;
  options: string[];
  userAnswer: string | null;
  marks: number | null;
  isCorrect: boolean | null;
  status: AnswerStatus;
  feedback: string | null;
  gradedAt?: string | null;
  /** Only when the server shows keys to this viewer. */
  correctAnswer?: string | null;
  explanation?: string | null;
  /** Staff only. */
  sampleAnswer?: string | null;
  /** Staff only, objective questions: what the automatic marking gave. */
  autoMarks?: number | null;
}

export interface GradeChange {
  questionId: string;
  before: number | null;
  after: number;
  beforeFeedback: string | null;
  afterFeedback: string | null;
  at: string;
  by: string | null;
}

export interface SubmissionDetail {
  submission: Submission & { answers: SubmissionAnswer[]; showCorrectAnswers: boolean };
  /** Staff only. */
  history?: GradeChange[];
}

export interface SubmissionPage {
  submissions: Submission[];
  currentPage: number;
  total: number;
  totalPages: number;
}

/** GET /submissions query as the screens hold it; empty values are not sent. */
export interface SubmissionListParams {
  examId?: string;
  student?: string;
  isSubmitted?: 'true' | 'false';
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  grade?: string;
  subject?: string;
}

export interface ExamStats {
  totalSubmissions: number;
  gradedSubmissions: number;
  pendingGrading: number;
  averageScore: number;
  passedCount: number;
  failedCount: number;
  highestScore: number;
  lowestScore: number;
  passingMarks: number;
  resultsReleased: boolean;
}

export interface ItemStats {
  questionId: string;
  question: string;
  type?: QuestionType;
  points?: number;
  facility: number | null;
  discrimination: number | null;
  averageMarks: number | null;
  optionCounts: Record<string, number> | null;
  graded: number;
}

export interface ExamStatsResponse {
  stats: ExamStats;
  distribution: { range: string; count: number }[];
  analysis: { reliability: number | null; method: string | null; items: ItemStats[] };
}
