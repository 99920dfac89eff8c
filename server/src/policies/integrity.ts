import { can, type ExamResource, type Viewer } from './index';

/**
 * Who reads an attempt's integrity timeline and who decides on it (issue 53). The exam's staff
 * read it (admins, its owner, and the teachers of its shared hall who proctor or review), live
 * while the exam runs; only those who review decide on flags and outcomes. The student reads
 * their own once its result is theirs to see (the exam's results out, nothing holding it):
 * the facts of their attempt, never anyone else's. Parents never read it. Everyone else is told
 * the attempt does not exist.
 */
export type TimelineReader = 'staff' | 'student';

export interface TimelineFacts {
  exam: ExamResource;
  attempt: { student_id: string; status: string };
  /** The attempt's result is shown to its student (resultShown). */
  resultShown: boolean;
}

export function timelineReader(viewer: Viewer, { exam, attempt, resultShown }: TimelineFacts): TimelineReader | null {
  if (can(viewer, 'review', 'exam', exam) || can(viewer, 'proctor', 'exam', exam)) return 'staff';
  // Only a student sits an attempt: the id alone says it is the viewer's own.
  if (attempt.student_id === viewer.user.id && attempt.status !== 'in_progress' && resultShown) return 'student';
  return null;
}

/** Decides on an attempt's flags and outcome: the exam's reviewers (admins, its owner, staff who review). */
export function reviewsAttempt(viewer: Viewer, exam: ExamResource): boolean {
  return can(viewer, 'review', 'exam', exam);
}

/**
 * Reads an exam's review queue and its part of the hall: as reviewsAttempt. `mine` narrows it to
 * the reviewer's part; an owner or admin (no part of their own) has the whole hall.
 */
export const readsReviewQueue = reviewsAttempt;
