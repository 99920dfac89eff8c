import { examTimeStatus, type Exam } from '@exam/shared';
import { Button, type ButtonProps } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNow } from '../lib/useNow';

/** The proctor board is worth opening while a published exam is running. */
export function canProctorNow(exam: Pick<Exam, 'isPublished' | 'schedule'>, now: number): boolean {
  return exam.isPublished && examTimeStatus(exam.schedule.startDate, exam.schedule.endDate, now) === 'ongoing';
}

/** Link to the exam's proctor board, shown only while it is ongoing (staff pages and cards). */
export function ProctorLink({ exam, size, variant = 'filled' }: { exam: Pick<Exam, '_id' | 'isPublished' | 'schedule'>; size?: ButtonProps['size']; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation('proctor');
  const now = useNow();
  if (!canProctorNow(exam, now)) return null;
  return (
    <Button size={size} variant={variant} component={Link} to={`/exam/${exam._id}/proctor`} leftSection={<IconEye size={16} />}>
      {t('link')}
    </Button>
  );
}
