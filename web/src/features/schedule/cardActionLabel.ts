import { examTimeStatus, type CardAction, type CardExam } from '@exam/shared';
import { i18n } from '../../i18n';
import { countdownText } from '../../i18n/format';

/**
 * A student's or parent's card action (the shared rule words it in English) in the reader's
 * language, from its kind: 'Take Exam', 'Attempt 2', 'Not Started · Starts in 2 h', 'View Result'…
 */
export function cardActionLabel(action: CardAction, exam: CardExam, now: number = Date.now()): string {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'schedule', ...values });
  switch (action.kind) {
    case 'take': {
      const attempts = exam.userAttempts;
      return attempts && attempts.attemptCount > 0 ? t('actions.attempt', { number: attempts.nextAttemptNumber }) : t('actions.take');
    }
    case 'resume':
      return t('actions.resume');
    case 'view-result':
      return t('actions.viewResult');
    case 'not-attempted':
      return t('actions.notAttempted');
    case 'not-started':
      return examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now) === 'upcoming'
        ? t('actions.notStartedIn', { countdown: countdownText(exam.schedule.startDate, exam.schedule.endDate, now) })
        : t('actions.notStarted');
    case 'view-progress':
      return t('actions.viewProgress');
    // The schedule's one teacher action.
    case 'questions':
      return t('actions.manage');
    default:
      return action.label;
  }
}
