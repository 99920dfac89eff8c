import { examTimeStatus, parentCardAction, proctorsAs, reviewsAs, studentCardAction, teacherCardActions, type CardAction, type Role, type Exam } from '@exam/shared';
import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { cardWords } from '../../../i18n/cardWords';
import { canProctorNow } from '../../../components/ProctorLink';

interface ExamCardActionsProps {
  exam: Exam;
  role: Role;
  now: number;
  onPublish?: (exam: Exam) => void;
  onDelete?: (exam: Exam) => void;
  /** The exam whose publish call is running, so only its button shows the spinner. */
  publishingId?: string | null;
}

/**
 * Exactly the card actions, from the shared rules: the student's one action,
 * the teacher's list (admins manage every exam, so they get the teacher's), the parent's link.
 */
export function ExamCardActions({ exam, role, now, onPublish, onDelete, publishingId }: ExamCardActionsProps) {
  const { t } = useTranslation('exams');
  const words = cardWords();
  // A teacher added to another teacher's hall (issue 53) proctors and/or reviews it: those links and its results, nothing that edits it.
  const shared = role === 'teacher' && exam.myRole && exam.myRole !== 'owner' ? exam.myRole : null;
  const actions: CardAction[] =
    role === 'student'
      ? [studentCardAction(exam, now, words)]
      : role === 'parent'
        ? [parentCardAction(exam.forChildren?.[0], words)]
        : teacherCardActions(exam, now, words).filter((a) => !shared || a.kind === 'results');
  // The live proctor board is worth a link only while students can be sitting the exam.
  const staff = role === 'teacher' || role === 'admin';
  const proctor = staff && canProctorNow(exam, now) && proctorsAs(shared ?? undefined);
  // The integrity review has something to show once students could have started (not for a teacher who only proctors it).
  const review = staff && reviewsAs(shared ?? undefined) && exam.isPublished && examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now) !== 'upcoming';

  return (
    <Group gap="xs">
      {shared && (
        <Badge variant="light" color="grape" tt="none" data-testid="exam-my-role">
          {t(`staff:roles.${shared}`)}
        </Badge>
      )}
      {actions.map((action) => {
        if (action.kind === 'publish') {
          return (
            <Button key={action.kind} size="xs" color="green" loading={publishingId === exam._id} onClick={() => onPublish?.(exam)}>
              {action.label}
            </Button>
          );
        }
        if (action.kind === 'delete') {
          return (
            <Button key={action.kind} size="xs" color="red" variant="light" onClick={() => onDelete?.(exam)}>
              {action.label}
            </Button>
          );
        }
        if (action.to && !action.disabled) {
          return (
            <Button key={action.kind} size="xs" variant={role === 'student' ? 'filled' : 'light'} component={Link} to={action.to}>
              {action.label}
            </Button>
          );
        }
        return (
          <Button key={action.kind} size="xs" disabled>
            {action.label}
          </Button>
        );
      })}
      {proctor && (
        <Button size="xs" variant="filled" component={Link} to={`/exam/${exam._id}/proctor`}>
          {t('cardActions.proctor')}
        </Button>
      )}
      {shared && exam.myMarks && (
        <Button size="xs" variant="light" component={Link} to={`/exam/${exam._id}/marking`}>
          {t('cardActions.mark')}
        </Button>
      )}
      {review && (
        <Button size="xs" variant="light" component={Link} to={`/exam/${exam._id}/review`}>
          {t('integrity:links.review')}
        </Button>
      )}
      {/* The exam as its students will see it; nothing is recorded. */}
      {staff && !shared && (
        <Button size="xs" variant="light" component={Link} to={`/exam/${exam._id}/preview`}>
          {t('cardActions.preview')}
        </Button>
      )}
    </Group>
  );
}
