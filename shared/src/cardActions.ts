import { countdownText, examTimeStatus } from './examTime';
import { englishFormat, englishMessages, type Translate } from './i18n/translate';

/**
 * The words of the card actions: `t` reads the `messages` namespace (cards.*), `format` the
 * `format` one (the countdown). Both default to English; the web app passes the reader's language.
 */
export interface CardWords {
  t: Translate;
  format: Translate;
}
const ENGLISH: CardWords = { t: englishMessages, format: englishFormat };

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
 * The student's result of an exam they sat: their latest submission when known
 * (/exam-result/{id}), else the latest-result page of the exam.
 */
function viewResult(exam: CardExam, t: Translate): CardAction {
  const id = exam.userAttempts?.lastSubmissionId;
  return { kind: 'view-result', label: t('cards.viewResult'), to: id ? `/exam-result/${id}` : `/exam/${exam._id}/result`, disabled: false };
}

/**
 * The student's one card action, with two dead ends of the old product replaced: an exam the
 * student has sat and cannot sit again offers 'View Result'
 * (not a disabled 'Already Attempted' / 'Max Attempts Reached'), and an ended exam they never sat
 * offers no results at all.
 */
export function studentCardAction(exam: CardExam, now: number = Date.now(), words: CardWords = ENGLISH): CardAction {
  const { t } = words;
  const status = examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now);
  const a = exam.userAttempts ?? { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1 };
  if (status === 'upcoming' || status === 'unknown') {
    return { kind: 'not-started', label:
        status === 'upcoming'
          ? t('cards.notStartedCountdown', { countdown: countdownText(exam.schedule.startDate, exam.schedule.endDate, now, words.format) })
          : t('cards.notStarted'), disabled: true };
  }
  if (status === 'completed') return a.hasAttempted ? viewResult(exam, t) : { kind: 'not-attempted', label: t('cards.notAttempted'), disabled: true };
  if (a.inProgress) return { kind: 'resume', label: t('cards.resume'), to: `/exam/${exam._id}`, disabled: false };
  const max = exam.settings.allowMultipleAttempts ? exam.settings.maxAttempts : 1;
  if (a.hasAttempted && (!exam.settings.allowMultipleAttempts || a.attemptCount >= max)) return viewResult(exam, t);
  return {
    kind: 'take',
    label: a.attemptCount > 0 ? t('cards.attempt', { number: a.nextAttemptNumber }) : t('cards.take'),
    to: `/exam/${exam._id}`,
    disabled: false,
  };
}

/** Teacher card actions: Edit, Questions, Submissions, Results, Publish while unpublished, Delete while upcoming. */
export function teacherCardActions(exam: CardExam, now: number = Date.now(), words: CardWords = ENGLISH): CardAction[] {
  const { t } = words;
  const status = examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now);
  const actions: CardAction[] = [
    { kind: 'edit', label: t('cards.edit'), to: `/exam/${exam._id}/edit`, disabled: false },
    { kind: 'questions', label: t('cards.questions'), to: `/exam/${exam._id}/questions`, disabled: false },
    { kind: 'submissions', label: t('cards.submissions'), to: `/exam/${exam._id}/submissions`, disabled: false },
    { kind: 'results', label: t('cards.results'), to: `/exam/results/${exam._id}`, disabled: false },
  ];
  if (!exam.isPublished) actions.push({ kind: 'publish', label: t('cards.publish'), disabled: false });
  if (status === 'upcoming') actions.push({ kind: 'delete', label: t('cards.delete'), disabled: false });
  return actions;
}

/** Parents see a View Progress link (to their child's progress). */
export function parentCardAction(childId: string | undefined, words: CardWords = ENGLISH): CardAction {
  return { kind: 'view-progress', label: words.t('cards.viewProgress'), to: childId ? `/parent/child/${childId}/progress` : '/parent/dashboard', disabled: false };
}
