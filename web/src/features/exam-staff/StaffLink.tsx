import type { Exam } from '@exam/shared';
import { Button, type ButtonProps } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../../session/useAuth';

/** Who manages an exam's proctors and reviewers: its owner and admins (the server decides; this only hides a link that would be refused). */
export function managesStaff(exam: Pick<Exam, 'myRole'>, role: string | undefined): boolean {
  return role === 'admin' || exam.myRole === 'owner';
}

/** Link to the exam's "Proctors and reviewers" page, for those who manage them. */
export function StaffLink({ exam, size, variant = 'light' }: { exam: Pick<Exam, '_id' | 'myRole'>; size?: ButtonProps['size']; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation('staff');
  const { user } = useAuth();
  if (!managesStaff(exam, user?.role)) return null;
  return (
    <Button size={size} variant={variant} component={Link} to={`/exam/${exam._id}/staff`} leftSection={<IconUsersGroup size={16} aria-hidden />}>
      {t('link')}
    </Button>
  );
}
