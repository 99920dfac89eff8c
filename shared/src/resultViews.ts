import type { QuestionType } from './exams';
import type { AnswerStatus, ItemStatistics, submissionDisplayStatus } from './grading';
import type { SubmitReason } from './session';
import type { IntegrityState, ResultHold } from './integrity';
import type { Rubric, RubricAssessment } from './rubrics';
import { z } from 'zod';

export type AttemptStatus = 'in_progress' | 'submitted' | 'graded';

/** Display status as the server words it; 'Submitted' when results are still hidden from the viewer. */
export type DisplayStatus = ReturnType<typeof submissionDisplayStatus> | 'Submitted';

export interface SecurityFlags {
  tabSwitches: number;
  fullscreenExited: number;
  warningsReceived: number;
}

/** An attempt as its student and the exam's staff get it when it starts or ends (server/src/presenters/attempt.ts). */
export interface Attempt {
  _id: string;
  examId: string;
  studentId: string;
  attemptNumber: number;
  status: AttemptStatus;
  isSubmitted: boolean;
  startedAt: string | null;
  deadlineAt: string | null;
  submittedAt: string | null;
  submitReason: SubmitReason | null;
  extraMinutes: number;
  /** Seconds, from the server's clock. */
  timeSpent: number | null;
  /** Minutes. */
  timeTaken: number | null;
  securityFlags: SecurityFlags;
}

/**
 * One attempt as the results calls present it (server/src/presenters/submission.ts). Score fields
 * are null while the results are hidden from the viewer.
 */
export interface Submission {
  _id: string;
  examId: string;
  exam: { _id: string; title: string; subject: string };
  /** email is null where the student keeps it private (privacy: showEmail). */
  student: { _id: string; firstName: string; lastName: string; email: string | null; avatar: string | null };
  attemptNumber: number;
  status: AttemptStatus;
  displayStatus: DisplayStatus;
  isSubmitted: boolean;
  isGraded: boolean;
  resultsReleased: boolean;
  /**
   * Why the student and their parents do not see this result although the exam's results are
   * out: its integrity review is not done ('under_review') or a confirmed breach withholds it.
   * Null when nothing holds it. Staff see the scores and this reason alike.
   */
  integrityHold: ResultHold | null;
  /** The integrity state, for staff only (null for students and parents). */
  integrityState: IntegrityState | null;
  isPassed: boolean | null;
  score: number | null;
  /** The same value as score, under the name older clients read. */
  marksObtained: number | null;
  totalMarks: number | null;
  percentage: number | null;
  /** One letter on the school's scale. */
  grade: string | null;
  /** The same letter, under the name older clients read. */
  letterGrade: string | null;
  totalQuestions: number;
  correctAnswers: number | null;
  /** Answers given some but not all of their points. */
  partialAnswers: number | null;
  incorrectAnswers: number | null;
  skippedAnswers: number | null;
  pendingAnswers: number | null;
  passingMarks: number;
  /** Seconds, from the server's clock. */
  timeSpent: number | null;
  /** Minutes. */
  timeTaken: number | null;
  startedAt: string | null;
  submittedAt: string | null;
  gradedAt: string | null;
  submitReason: SubmitReason | null;
  securityFlags: SecurityFlags;
  /** Over all graded submissions of the exam, not one page. */
  percentile: number | null;
  rank: number | null;
}

/** An answer's status as shown: 'submitted' means it was handed in but its marks are hidden from this viewer. */
export type ShownAnswerStatus = AnswerStatus | 'submitted';

/** One answer of a submission's review (server/src/presenters/submission.ts `presentAnswers`). */
export interface SubmissionAnswer {
  index: number;
  questionId: string;
  question: string;
  /** The same text as question, under the name older clients read. */
  text: string;
  type: QuestionType;
  points: number;
  options: string[];
  /** Matching: the stems the options were matched to. */
  stems?: string[];
  userAnswer: string | null;
  marks: number | null;
  isCorrect: boolean | null;
  partiallyCorrect: boolean | null;
  status: ShownAnswerStatus;
  feedback: string | null;
  gradedAt: string | null;
  /** Only when the server shows keys to this viewer. */
  correctAnswer?: string | null;
  explanation?: string | null;
  /** Staff only. */
  sampleAnswer?: string | null;
  /** Staff only, objective questions: what the automatic marking gave. */
  autoMarks?: number | null;
  /** The levels a teacher chose, with the rubric as it stood then; shown wherever the marks are. */
  rubricAssessment?: RubricAssessment | null;
  /** Staff only: the question's rubric now, to mark with. */
  rubric?: Rubric | null;
  /** Staff only: send it back with a grade; a save against an older version is refused (409). */
  markVersion?: number;
}

/** A result's answer as the results list carries it: never a key. */
export interface AnswerSummary {
  questionId: string;
  userAnswer: string | null;
  /** The same value as userAnswer, under the name older clients read. */
  answer: string | null;
  isCorrect: boolean | null;
}

/** One change of an answer's marks or feedback, for the exam's staff. */
export interface GradeChange {
  questionId: string;
  before: number | null;
  after: number;
  beforeFeedback: string | null;
  afterFeedback: string | null;
  at: string;
  by: string | null;
}

/** GET /submissions/{id} and GET /exams/{id}/result. */
export interface SubmissionDetail {
  submission: Submission & { answers: SubmissionAnswer[]; showCorrectAnswers: boolean };
  /** Staff only. */
  history?: GradeChange[];
  /** Staff only: the exam is marked anonymously, so marking screens do not name the student. */
  anonymousMarking?: boolean;
}

export interface SubmissionPage {
  submissions: Submission[];
  currentPage: number;
  total: number;
  totalPages: number;
}

/** An exam's result figures (GET /exams/{id}/stats). */
export interface ExamResultStats {
  totalSubmissions: number;
  gradedSubmissions: number;
  /** Submitted attempts still waiting for a teacher's marks: counted apart, never in the average, passed or failed. */
  pendingGrading: number;
  /** Attempts a release of the marked results only left out: the next release lets them out. */
  leftOutOfRelease: number;
  /** Over the marked attempts only, as are passedCount, failedCount, highestScore and lowestScore. */
  averageScore: number;
  passedCount: number;
  failedCount: number;
  highestScore: number;
  lowestScore: number;
  passingMarks: number;
  resultsReleased: boolean;
}

/** One question's item analysis, with its text. */
export interface ItemStats extends ItemStatistics {
  question: string;
  type?: QuestionType;
  points?: number;
}

export interface ExamStatsResponse {
  stats: ExamResultStats;
  distribution: { range: string; count: number }[];
  analysis: { reliability: number | null; method: string | null; items: ItemStats[] };
}

/**
 * What a release covers (PUT /exams/{id}/release-results): without a body every result, those
 * still waiting for marks then shown as each is marked; `only: 'marked'` the marked ones, the
 * waiting ones left out, even once marked, until the next release.
 */
export const releaseResultsSchema = z.object({
  only: z.enum(['marked']).optional().describe('`marked`: release the marked results only; the attempts still waiting for marks stay unreleased until the next release'),
});
export type ReleaseResultsInput = z.infer<typeof releaseResultsSchema>;

/** An attempt still waiting for a teacher's marks, as the release dialog names it. */
export interface WaitingAttempt {
  attemptId: string;
  studentName: string;
  submittedAt: string | null;
}

/** What a release would do now (GET /exams/{id}/release-preview). */
export interface ReleasePreview {
  /** The exam's results are out already (shown at once, or released before). */
  released: boolean;
  /** Marked attempts a release shows (or has shown) to their students. */
  marked: number;
  /** Submitted attempts waiting for marks. */
  waiting: number;
  /** Marked attempts whose integrity review holds the result back whatever the release. */
  underReview: number;
  /** Attempts an earlier release of the marked results only left out. */
  leftOut: number;
  /** The waiting attempts, oldest submission first. */
  waitingList: WaitingAttempt[];
}
