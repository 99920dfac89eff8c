import { examTimeStatus, parentCardAction, studentCardAction, teacherCardActions, type CardAction, type Role } from '@exam/shared';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { i18n } from '../../../i18n';
import { countdownText } from '../../../i18n/format';
import { canProctorNow } from '../../proctor/ProctorLink';
import type { Exam } from '../types';

interface ExamCardActionsProps {
  exam: Exam;
  role: Role;
  now: number;
  onPublish?: (exam: Exam) => void;
  onDelete?: (exam: Exam) => void;
  /** The exam whose publish call is running, so only its button shows the spinner. */
  publishingId?: string | null;
}

/** An action's words in the reader's language (the shared rules name it in English). */
export function cardActionLabel(action: CardAction, exam: Exam, now: number): string {
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`exams:cardActions.${key}`, values);
  switch (action.kind) {
    case 'take': {
      const attempts = exam.userAttempts;
      return attempts && attempts.attemptCount > 0 ? t('attempt', { number: attempts.nextAttemptNumber }) : t('take');
    }
    case 'not-started':
      return examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now) === 'upcoming'
        ? t('notStartedCountdown', { countdown: countdownText(exam.schedule.startDate, exam.schedule.endDate, now) })
        : t('notStarted');
    case 'resume':
      return t('resume');
    case 'view-result':
      return t('viewResult');
    case 'not-attempted':
      return t('notAttempted');
    case 'edit':
      return t('edit');
    case 'questions':
      return t('questions');
    case 'submissions':
      return t('submissions');
    case 'results':
      return t('results');
    case 'publish':
      return t('publish');
    case 'delete':
      return t('delete');
    case 'view-progress':
      return t('viewProgress');
  }
}

/**
 * Exactly the card actions of spec core §4, from the shared rules: the student's one action,
 * the teacher's list (admins manage every exam, so they get the teacher's), the parent's link.
 */
export function ExamCardActions({ exam, role, now, onPublish, onDelete, publishingId }: ExamCardActionsProps) {
  const { t } = useTranslation('exams');
  const label = (action: CardAction) => cardActionLabel(action, exam, now);
  const actions: CardAction[] =
    role === 'student' ? [studentCardAction(exam, now)] : role === 'parent' ? [parentCardAction(exam.forChildren?.[0])] : teacherCardActions(exam, now);
  // The live proctor board (issue 5) is worth a link only while students can be sitting the exam.
  const staff = role === 'teacher' || role === 'admin';
  const proctor = staff && canProctorNow(exam, now);

  return (
    <Group gap="xs">
      {actions.map((action) => {
        if (action.kind === 'publish') {
          return (
            <Button key={action.kind} size="xs" color="green" loading={publishingId === exam._id} onClick={() => onPublish?.(exam)}>
              {label(action)}
            </Button>
          );
        }
        if (action.kind === 'delete') {
          return (
            <Button key={action.kind} size="xs" color="red" variant="light" onClick={() => onDelete?.(exam)}>
              {label(action)}
            </Button>
          );
        }
        if (action.to && !action.disabled) {
          return (
            <Button key={action.kind} size="xs" variant={role === 'student' ? 'filled' : 'light'} component={Link} to={action.to}>
              {label(action)}
            </Button>
          );
        }
        return (
          <Button key={action.kind} size="xs" disabled>
            {label(action)}
          </Button>
        );
      })}
      {proctor && (
        <Button size="xs" variant="filled" component={Link} to={`/exam/${exam._id}/proctor`}>
          {t('cardActions.proctor')}
        </Button>
      )}
      {/* The exam as its students will see it; nothing is recorded. */}
      {staff && (
        <Button size="xs" variant="light" component={Link} to={`/exam/${exam._id}/preview`}>
          {t('cardActions.preview')}
        </Button>
      )}
    </Group>
  );
}
