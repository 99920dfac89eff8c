/** One subject of a student's progress report. */
export interface SubjectProgress {
  subject: string;
  totalExams: number;
  averageScore: number;
  bestScore: number;
  scores: number[];
  /** Latest minus first score in percentage points; null with fewer than two results. */
  improvement: number | null;
}

/** GET /reports/student/{studentId}/progress (server/src/services/progressReport.ts). */
export interface ProgressReport {
  student: {
    _id: string;
    firstName: string;
    lastName: string;
    name: string;
    /** Null where the student keeps it private (privacy: showEmail). */
    email: string | null;
    studentId: string | null;
    grade: number | null;
    section: string | null;
  };
  totalExams: number;
  progress: { averageScore: number; passRate: number; totalTime: number; hoursStudied: number };
  /** The same entries keyed by subject. */
  subjectWise: Record<string, SubjectProgress>;
  /** Each subject's progress, in the order of the student's first result in it. */
  subjects: SubjectProgress[];
  improvementBasis: string;
  recentSubmissions: {
    _id: string;
    exam: { _id: string; title: string; subject: string };
    /** The percentage, as `percentage`. */
    score: number;
    /** Marks earned, of totalMarks. */
    marksObtained: number | null;
    totalMarks: number | null;
    percentage: number;
    grade: string;
    submittedAt: string;
    isPassed: boolean;
  }[];
  insights: { strengths: string[]; improvements: string[] };
}
