import { countdownText, examTimeStatus } from './examTime';

export interface CardExam {
  _id: string;
  isPublished: boolean;
  schedule: { startDate: string; endDate: string };
  settings: { allowMultipleAttempts: boolean; maxAttempts: number };
  userAttempts?: {
    hasAttempted: boolean;
    attemptCount: number;
    nextAttemptNumber: number;
    inProgress?: boolean;
    /** The student's latest finished attempt (its submission id), so the card can open that result. */
    lastSubmissionId?: string | null;
  } | null;
}

export interface CardAction {
  label: string;
  to?: string;
  disabled: boolean;
  kind: 'take' | 'resume' | 'not-started' | 'view-result' | 'not-attempted' | 'edit' | 'questions' | 'submissions' | 'results' | 'publish' | 'delete' | 'view-progress';
}

/**
 * The student's result of an exam they sat: their latest submission when known (/exam-result/{id},
 * spec core §2), else the latest-result page of the exam.
 */
function viewResult(exam: CardExam): CardAction {
  const id = exam.userAttempts?.lastSubmissionId;
  return { kind: 'view-result', label: 'View Result', to: id ? `/exam-result/${id}` : `/exam/${exam._id}/result`, disabled: false };
}

/**
 * The student's one card action (spec core §4 "Student card action"), with two of the spec's dead
 * ends replaced (issue 18): an exam the student has sat and cannot sit again offers 'View Result'
 * (not a disabled 'Already Attempted' / 'Max Attempts Reached'), and an ended exam they never sat
 * offers no results at all.
 */
export function studentCardAction(exam: CardExam, now: number = Date.now()): CardAction {
  const status = examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now);
  const a = exam.userAttempts ?? { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1 };
  if (status === 'upcoming' || status === 'unknown') {
    return { kind: 'not-started', label: status === 'upcoming' ? `Not Started · ${countdownText(exam.schedule.startDate, exam.schedule.endDate, now)}` : 'Not Started', disabled: true };
  }
  if (status === 'completed') return a.hasAttempted ? viewResult(exam) : { kind: 'not-attempted', label: 'Not Attempted', disabled: true };
  if (a.inProgress) return { kind: 'resume', label: 'Resume Exam', to: `/exam/${exam._id}`, disabled: false };
  const max = exam.settings.allowMultipleAttempts ? exam.settings.maxAttempts : 1;
  if (a.hasAttempted && (!exam.settings.allowMultipleAttempts || a.attemptCount >= max)) return viewResult(exam);
  return {
    kind: 'take',
    label: a.attemptCount > 0 ? `Attempt ${a.nextAttemptNumber}` : 'Take Exam',
    to: `/exam/${exam._id}`,
    disabled: false,
  };
}

/** Teacher card actions: Edit, Questions, Submissions, Results, Publish while unpublished, Delete while upcoming. */
export function teacherCardActions(exam: CardExam, now: number = Date.now()): CardAction[] {
  const status = examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now);
  const actions: CardAction[] = [
    { kind: 'edit', label: 'Edit', to: `/exam/${exam._id}/edit`, disabled: false },
    { kind: 'questions', label: 'Questions', to: `/exam/${exam._id}/questions`, disabled: false },
    { kind: 'submissions', label: 'Submissions', to: `/exam/${exam._id}/submissions`, disabled: false },
    { kind: 'results', label: 'Results', to: `/exam/results/${exam._id}`, disabled: false },
  ];
  if (!exam.isPublished) actions.push({ kind: 'publish', label: 'Publish', disabled: false });
  if (status === 'upcoming') actions.push({ kind: 'delete', label: 'Delete', disabled: false });
  return actions;
}

/** Parents see a View Progress link (to their child's progress). */
export function parentCardAction(childId: string | undefined): CardAction {
  return { kind: 'view-progress', label: 'View Progress', to: childId ? `/parent/child/${childId}/progress` : '/parent/dashboard', disabled: false };
}
